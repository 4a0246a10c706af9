import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RemoteStatus } from '@site/shared/contracts/system';

/** A remote elsewhere that does not answer within this time is shown as unreachable. */
const REMOTE_TIMEOUT_MS = 3_000;

const versionOf = (body: Buffer) => `sha256:${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;

/** The entry's bytes as a browser would get them now: from this site (relative URL) or from its host. */
async function fetchEntry(app: FastifyInstance, entry: string): Promise<Buffer | null> {
  try {
    if (entry.startsWith('/')) {
      const res = await app.inject({ method: 'GET', url: entry });
      return res.statusCode === 200 ? res.rawPayload : null;
    }
    const res = await fetch(entry, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/**
 * Each remote remotes.json names (with the live releases), with the version it serves now: remotes.json carries no version
 * string, so it is a hash of the entry file (content-hashed builds change it on every deploy).
 * Null when remotes.json cannot be read.
 */
export async function remoteStatuses(app: FastifyInstance): Promise<RemoteStatus[] | null> {
  let remotes: Record<string, unknown>;
  try {
    remotes = await app.releases.remotes();
  } catch {
    return null;
  }
  const named = Object.entries(remotes).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  return Promise.all(
    named.map(async ([name, entry]) => {
      const body = await fetchEntry(app, entry);
      return { name, entry, version: body ? versionOf(body) : null, reachable: body !== null };
    }),
  );
}
