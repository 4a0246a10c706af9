import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import tar from 'tar-stream';
import { rawCid } from '../media/cid';
import { MANIFEST_ENTRY, Manifest } from './format';
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

/**
 * Reads the whole archive (the tar stream, decrypted) and checks it against its manifest before a
 * restore writes anything: every entry in order, each table's size, SHA-256 and rows, each
 * medium's size and CID, and nothing more. Resolves to the manifest.
 */
export async function verifyArchive(input: Readable): Promise<Manifest> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  try {
    let manifest: Manifest | undefined;
    let index = 0;
    for await (const entry of extract) {
      const name = entry.header.name;
      const digest = createHash('sha256');
      const chunks: Buffer[] = [];
      let bytes = 0;
      let lines = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        digest.update(chunk);
        bytes += chunk.byteLength;
        if (!manifest || index > manifest.tables.length) chunks.push(chunk);
        else for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines += 1;
      }
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new RestoreRefused('This is not a site backup: it does not start with its manifest.');
        let json: unknown;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          throw new ArchiveDamaged('its manifest is not readable');
        }
        const parsed = Manifest.safeParse(json);
        if (!parsed.success) throw new RestoreRefused(`This backup's manifest is not one this version of the site reads: ${parsed.error.message}`);
        manifest = parsed.data;
        index = 1;
        continue;
      }
      const table = manifest.tables[index - 1];
      const medium = table ? undefined : manifest.media[index - 1 - manifest.tables.length];
      if (!table && !medium) throw new ArchiveDamaged(`it has an entry its manifest does not name, ${name}`);
      const expected = table?.entry ?? medium!.entry;
      if (name !== expected) throw new ArchiveDamaged(`${expected} is missing`);
      if (table) {
        if ((table.bytes !== undefined && table.bytes !== bytes) || (table.sha256 !== undefined && table.sha256 !== digest.digest('hex'))) {
          throw new ArchiveDamaged(`${name} does not match its size and SHA-256`);
        }
        if (lines !== table.rows) throw new ArchiveDamaged(`${name} has ${lines} rows, its manifest says ${table.rows}`);
      } else if (bytes !== medium!.size || (await rawCid(Buffer.concat(chunks))) !== medium!.cid) {
        throw new ArchiveDamaged(`the bytes of ${name} do not match its CID`);
      }
      index += 1;
    }
    if (!manifest) throw new RestoreRefused('This is not a site backup: it does not start with its manifest.');
    const expectedEntries = 1 + manifest.tables.length + manifest.media.length;
    if (index < expectedEntries) throw new ArchiveDamaged('it ends before its last entry');
    return manifest;
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw readFailure(error);
  } finally {
    extract.destroy();
  }
}
