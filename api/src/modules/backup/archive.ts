import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { MediaStore } from '../media/store';
import { MANIFEST_ENTRY } from './format';
import { MANIFEST_DIGEST_ENTRY, manifestDigest } from './keyed-digest';
import type { Snapshot } from './snapshot';

function addEntry(pack: tar.Pack, name: string, size: number, source: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    pipeline(source, entry).catch(reject);
  });
}

/**
 * The archive as a stream: the manifest, the spooled tables, each medium read from its store,
 * then the files of the live releases. One entry is read at a time, at the pace the reader takes them.
 * With `digestKey`, the manifest's keyed digest follows it (keyed-digest.ts).
 */
export function packArchive(snapshot: Snapshot, store: MediaStore, digestKey: Buffer | null = null): Readable {
  const pack = tar.pack();
  // A Node stream (tar-stream's are streamx ones) for Fastify, pipeline and web-stream adapters,
  // attached before the first entry is written.
  const archive = new PassThrough();
  pack.pipe(archive);
  pack.on('error', (error: Error) => archive.destroy(error));
  const { manifest } = snapshot;
  const fill = async () => {
    const head = Buffer.from(JSON.stringify(manifest, null, 1));
    await addEntry(pack, MANIFEST_ENTRY, head.byteLength, Readable.from([head]));
    if (digestKey) {
      const digest = manifestDigest(digestKey, head);
      await addEntry(pack, MANIFEST_DIGEST_ENTRY, digest.byteLength, Readable.from([digest]));
    }
    for (const table of manifest.tables) {
      const file = snapshot.fileOf(table.entry);
      await addEntry(pack, table.entry, (await stat(file)).size, createReadStream(file));
    }
    for (const medium of manifest.media) await addEntry(pack, medium.entry, medium.size, store.stream(medium.cid));
    for (const release of manifest.releases) {
      for (const file of release.files) await addEntry(pack, file.entry, file.size, createReadStream(snapshot.releaseFileOf(release, file)));
    }
    pack.finalize();
  };
  fill().catch((error: Error) => pack.destroy(error));
  return archive;
}
