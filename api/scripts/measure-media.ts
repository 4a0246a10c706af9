// Measures what issue 30's targets name, on this machine: four 12 MP phone photos uploaded at once
// (each answered once its cleaned original is stored) and all their variants derived by the job
// queue, with the api's resident memory sampled throughout (PGlite, the default).
// Usage: pnpm --filter @site/api exec tsx scripts/measure-media.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { uploadMedia } from '../src/modules/media/service';

const PHOTOS = 4;
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function photo(seed: number): Promise<Buffer> {
  // Noise softened by a blur: compresses like a real photo (a flat colour would flatter the figures).
  return sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + seed * 20, sigma: 50 } } })
    .blur(2)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' } })
    .toBuffer();
}

// Made in a child process, so that their making does not count in this process's memory.
const dir = mkdtempSync(path.join(tmpdir(), 'measure-media-photos-'));
if (process.argv[2] === 'make-photos') {
  for (let index = 0; index < PHOTOS; index += 1) writeFileSync(path.join(process.argv[3]!, `${index}.jpg`), await photo(index));
  process.exit(0);
}
execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'make-photos', dir], { stdio: 'inherit' });
const photos = Array.from({ length: PHOTOS }, (_, index) => readFileSync(path.join(dir, `${index}.jpg`)));
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'measure-media-')), LOG_LEVEL: 'silent', JOBS_POLL_SECONDS: '0.5' });
const app = await buildApp({ config, database: await openDatabase({ kind: 'pglite' }), logger: false, serveWeb: false });
await app.ready();

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const baseline = process.memoryUsage().rss;
console.log(`${PHOTOS} photos of 4032×3024 (${photos.map((bytes) => `${(bytes.byteLength / 1e6).toFixed(1)} MB`).join(', ')}); api resident before: ${mib(baseline)} MiB`);

const started = performance.now();
const uploads = await Promise.all(
  photos.map(async (bytes) => {
    const begun = performance.now();
    const stored = await uploadMedia(app.mediaStore, app.mediaImages, bytes, undefined, app.log);
    return { cid: stored.cid, ms: Math.round(performance.now() - begun), size: stored.size };
  }),
);
console.log(`uploads answered (cleaned original stored) in ${uploads.map((upload) => `${upload.ms} ms`).join(', ')}; peak resident ${mib(peak)} MiB`);

const ready = new Map<string, number>();
while (ready.size < uploads.length) {
  for (const { cid } of uploads) {
    if (!ready.has(cid) && (await app.mediaImages.of(cid))?.variants.length) ready.set(cid, Math.round(performance.now() - started));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
clearInterval(sampler);
console.log(`variants ready after ${[...ready.values()].join(', ')} ms (one image at a time); peak resident overall ${mib(peak)} MiB`);
for (const { cid } of uploads.slice(0, 1)) {
  const image = (await app.mediaImages.of(cid))!;
  console.log(
    `first image ${image.width}×${image.height}: ` +
      image.variants.map((variant) => `${variant.kind === 'cover' ? 'cover ' : ''}${variant.format} ${variant.width}w ${Math.round(variant.size / 1024)} KB`).join(', '),
  );
}
await app.close();
