import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for the client and the sha256 hash that is all the database keeps. */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSecretToken(token) };
}

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');
