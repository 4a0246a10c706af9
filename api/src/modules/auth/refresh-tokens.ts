import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { refreshTokenRepository as repo } from './repository';
import { hashSecretToken, newSecretToken } from './secret-token';
import { servicePlugin } from '../../lib/service-plugin';

/** A login session lasts at most this long, however often it is refreshed. */
export const REFRESH_FAMILY_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The login session; access tokens carry it (`sid`) so that logout ends them too. */
  familyId: string;
}

export type RotationResult =
  | { ok: true; userId: string; next: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export interface RefreshTokenService {
  /** Starts a new family (a login). */
  issue(userId: string): Promise<IssuedRefreshToken>;
  /** Single use: marks the token used and issues its successor in the same family. */
  rotate(token: string): Promise<RotationResult>;
  /** Ends the session the token belongs to (logout). */
  revokeFamilyOf(token: string): Promise<void>;
  /** Ends one session by its id (the access token's `sid`). */
  endSession(familyId: string): Promise<void>;
  /** Whether the session (refresh family) exists and was not ended (logout, reuse, password reset) nor expired. */
  isSessionOpen(familyId: string): Promise<boolean>;
  /** Ends every session of a user (password reset); `executor` lets a caller's transaction include it. */
  revokeAllForUser(userId: string, executor?: Db): Promise<void>;
}

export function createRefreshTokenService(db: Db): RefreshTokenService {
  async function insert(userId: string, familyId: string, expiresAt: Date): Promise<IssuedRefreshToken> {
    const { token, tokenHash } = newSecretToken();
    await repo.insert(db, { userId, familyId, tokenHash, expiresAt });
    return { token, expiresAt, familyId };
  }

  return {
    issue: (userId) => insert(userId, randomUUID(), new Date(Date.now() + REFRESH_FAMILY_LIFETIME_MS)),

    async rotate(token) {
      const tokenHash = hashSecretToken(token);
      // Conditional update: of two concurrent rotations of one token, exactly one wins.
      const claimed = await repo.claim(db, tokenHash);
      if (!claimed) {
        const row = await repo.findByHash(db, tokenHash);
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revokedAt) return { ok: false, reason: 'revoked' };
        // A used token shown again: someone holds a copy. End the whole session for everybody.
        await repo.revokeFamily(db, row.familyId);
        return { ok: false, reason: 'reused' };
      }
      if (claimed.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
      const next = await insert(claimed.userId, claimed.familyId, claimed.expiresAt);
      return { ok: true, userId: claimed.userId, next };
    },

    async revokeFamilyOf(token) {
      const row = await repo.findByHash(db, hashSecretToken(token));
      if (row) await repo.revokeFamily(db, row.familyId);
    },

    endSession: (familyId) => repo.revokeFamily(db, familyId),

    // A session id that is no UUID names no session (and must not reach a uuid column).
    isSessionOpen: async (familyId) => UUID.test(familyId) && repo.isFamilyOpen(db, familyId),

    revokeAllForUser: (userId, executor = db) => repo.revokeAllOfUser(executor, userId),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    refreshTokens: RefreshTokenService;
  }
}

/** Login sessions: rotating, single-use refresh tokens grouped in families. */
export const refreshTokensPlugin = servicePlugin('refreshTokens', (app) => createRefreshTokenService(app.database.db), { name: 'refresh-tokens' });
