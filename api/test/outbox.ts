import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The raw .eml messages the mail adapter wrote under DATA_DIR/outbox, oldest first. */
export async function outbox(app: FastifyInstance): Promise<string[]> {
  const dir = app.mail.outboxDir;
  if (!dir) throw new Error('the test app has no outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map((name) => readFile(path.join(dir, name), 'utf8')));
}

/**
 * Unfolds the headers and undoes quoted-printable soft line breaks and escapes in the body, enough to
 * search a message. Headers are never quoted-printable: decoding them would turn a token's "=0D" into a CR.
 */
export function decodeQp(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const split = unfolded.search(/\r?\n\r?\n/);
  const head = split < 0 ? unfolded : unfolded.slice(0, split);
  const body = split < 0 ? '' : unfolded.slice(split);
  return (
    head +
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  );
}
