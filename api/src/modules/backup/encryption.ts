import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, identityToRecipient } from 'age-encryption';

/**
 * Archives are encrypted with age (age-encryption.org/v1: X25519 key wrapping, then
 * ChaCha20-Poly1305 in 64 KiB chunks, each authenticated), so `age -d -i key.txt` opens them too.
 * BACKUP_KEY is an age identity (AGE-SECRET-KEY-1…: encrypts and decrypts) or only its recipient
 * (age1…: this server can then make backups it cannot read).
 */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1');

export class ArchiveKeyError extends Error {
  override name = 'ArchiveKeyError';
}

export async function encryptArchive(plain: Readable, key: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(key.startsWith('age1') ? key : await identityToRecipient(key));
  const sealed = await encrypter.encrypt(Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>);
  return Readable.fromWeb(sealed as unknown as WebReadableStream<Uint8Array>);
}

/** The first bytes of a stream, and the whole stream again. */
async function peek(input: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const seen: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else {
      seen.push(next.value);
      length += next.value.byteLength;
    }
  }
  const whole = Readable.from(
    (async function* () {
      yield* seen;
      if (done) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    })(),
    { objectMode: false },
  );
  return { head: Buffer.concat(seen).subarray(0, bytes), whole };
}

/**
 * The tar stream of an archive file, decrypted first when it is an age file. With a key set, a plain
 * archive is refused unless `allowPlain`: anyone can make one, and this site's own are encrypted.
 */
export async function openArchive(input: Readable, key: string | undefined, { allowPlain = false } = {}): Promise<Readable> {
  const { head, whole } = await peek(input, AGE_MAGIC.byteLength);
  if (!head.equals(AGE_MAGIC)) {
    if (key && !allowPlain) {
      whole.destroy();
      throw new ArchiveKeyError('This archive is not encrypted, though BACKUP_KEY is set: anyone could have made it. Restore it with --allow-plain only if you know where it came from.');
    }
    return whole;
  }
  if (!key) throw new ArchiveKeyError('This archive is encrypted: set BACKUP_KEY to the age identity (AGE-SECRET-KEY-1…) it was made for.');
  if (!key.startsWith('AGE-SECRET-KEY-')) throw new ArchiveKeyError('BACKUP_KEY is a recipient (age1…): decrypting needs the identity (AGE-SECRET-KEY-1…).');
  const decrypter = new Decrypter();
  decrypter.addIdentity(key);
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(whole) as unknown as ReadableStream<Uint8Array>);
    return Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>);
  } catch (error) {
    throw new ArchiveKeyError(`BACKUP_KEY does not open this archive (${(error as Error).message}).`, { cause: error });
  }
}
