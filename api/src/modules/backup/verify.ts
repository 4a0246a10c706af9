import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import tar from 'tar-stream';
import { rawCid } from '../media/cid';
import { MANIFEST_ENTRY, Manifest } from './format';
import { checkDigest, MANIFEST_DIGEST_ENTRY, type DigestCheck } from './keyed-digest';
import { releaseProblem } from './releases';
import { RestoreRefused } from './restore';

/** A damaged archive: said in one sentence that names an entry at most, never its contents. */
export class ArchiveDamaged extends RestoreRefused {
  override name = 'ArchiveDamaged';
  constructor(reason: string) {
    super(`The backup is damaged (${reason}): nothing was restored.`);
  }
}

/** Why reading the archive's bytes failed, without the reader's own words (they can quote data). */
function readFailure(error: unknown): ArchiveDamaged {
  const message = error instanceof Error ? error.message : '';
  if (/end of data|premature|destroyed|unexpected end|truncat/i.test(message)) return new ArchiveDamaged('it ends before its last entry');
  return new ArchiveDamaged('its bytes are not a readable archive');
}

const NEWLINE = 0x0a;

/** An entry the manifest names, in the order the archive holds them. */
interface Expected {
  entry: string;
  table?: Manifest['tables'][number];
  medium?: Manifest['media'][number];
  file?: Manifest['releases'][number]['files'][number];
}

/**
 * Reads the whole archive (the tar stream, decrypted) and checks it against its manifest before a
 * restore writes anything: every entry in order, each table's size, SHA-256 and rows, each
 * medium's size and CID, each release file's size and SHA-256, and nothing more; and, with a key,
 * the manifest's keyed digest (keyed-digest.ts) before any of it. Resolves to the manifest.
 */
export async function verifyArchive(input: Readable, digestCheck: DigestCheck = { key: null, allowUnsigned: false }): Promise<Manifest> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  try {
    let manifest: Manifest | undefined;
    let manifestBytes: Buffer | undefined;
    let digestChecked = false;
    let expected: Expected[] = [];
    let index = 0;
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifestBytes && !digestChecked) {
        digestChecked = true;
        if (name === MANIFEST_DIGEST_ENTRY) {
          const digest: Buffer[] = [];
          for await (const chunk of entry as AsyncIterable<Buffer>) digest.push(chunk);
          checkDigest(digestCheck, manifestBytes, Buffer.concat(digest));
          continue;
        }
        checkDigest(digestCheck, manifestBytes, undefined);
      }
      const next = expected[index];
      const digest = createHash('sha256');
      const chunks: Buffer[] = [];
      let bytes = 0;
      let lines = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        digest.update(chunk);
        bytes += chunk.byteLength;
        if (!manifest || next?.medium) chunks.push(chunk);
        else if (next?.table) for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines += 1;
      }
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new RestoreRefused('This is not a site backup: it does not start with its manifest.');
        let json: unknown;
        manifestBytes = Buffer.concat(chunks);
        try {
          json = JSON.parse(manifestBytes.toString('utf8'));
        } catch {
          throw new ArchiveDamaged('its manifest is not readable');
        }
        const parsed = Manifest.safeParse(json);
        if (!parsed.success) throw new RestoreRefused(`This backup's manifest is not one this version of the site reads: ${parsed.error.message}`);
        manifest = parsed.data;
        for (const release of manifest.releases) {
          const problem = releaseProblem(release);
          if (problem) throw new ArchiveDamaged(problem);
        }
        expected = [
          ...manifest.tables.map((table) => ({ entry: table.entry, table })),
          ...manifest.media.map((medium) => ({ entry: medium.entry, medium })),
          ...manifest.releases.flatMap((release) => release.files.map((file) => ({ entry: file.entry, file }))),
        ];
        continue;
      }
      if (!next) throw new ArchiveDamaged(`it has an entry its manifest does not name, ${name}`);
      if (name !== next.entry) throw new ArchiveDamaged(`${next.entry} is missing`);
      const { table, medium, file } = next;
      if (table) {
        if ((table.bytes !== undefined && table.bytes !== bytes) || (table.sha256 !== undefined && table.sha256 !== digest.digest('hex'))) {
          throw new ArchiveDamaged(`${name} does not match its size and SHA-256`);
        }
        if (lines !== table.rows) throw new ArchiveDamaged(`${name} has ${lines} rows, its manifest says ${table.rows}`);
      } else if (medium) {
        if (bytes !== medium.size || (await rawCid(Buffer.concat(chunks))) !== medium.cid) throw new ArchiveDamaged(`the bytes of ${name} do not match its CID`);
      } else if (file && (bytes !== file.size || digest.digest('hex') !== file.sha256)) {
        throw new ArchiveDamaged(`${name} does not match its size and SHA-256`);
      }
      index += 1;
    }
    if (!manifest) throw new RestoreRefused('This is not a site backup: it does not start with its manifest.');
    if (!digestChecked) checkDigest(digestCheck, manifestBytes!, undefined);
    if (index < expected.length) throw new ArchiveDamaged('it ends before its last entry');
    return manifest;
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw readFailure(error);
  } finally {
    extract.destroy();
  }
}
