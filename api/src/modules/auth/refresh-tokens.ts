import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { refreshTokens } from './table';
import { hashSecretToken, newSecretToken } from './secret-token';

/** A login session lasts at most this long, however often it is refreshed. */
export const REFRESH_FAMILY_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

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
  /** Whether the session (refresh family) was ended: logout, reuse, password reset. */
  isSessionRevoked(familyId: string): Promise<boolean>;
  /** Ends every session of a user (password reset); `executor` lets a caller's transaction include it. */
  revokeAllForUser(userId: string, executor?: Db): Promise<void>;
}

export function createRefreshTokenService(db: Db): RefreshTokenService {
  async function insert(userId: string, familyId: string, expiresAt: Date): Promise<IssuedRefreshToken> {
    const { token, tokenHash } = newSecretToken();
    await db.insert(refreshTokens).values({ userId, familyId, tokenHash, expiresAt });
    return { token, expiresAt, familyId };
  }

  const revokeFamily = async (familyId: string) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

  return {
    issue: (userId) => insert(userId, randomUUID(), new Date(Date.now() + REFRESH_FAMILY_LIFETIME_MS)),

    async rotate(token) {
      const tokenHash = hashSecretToken(token);
      // Conditional update: of two concurrent rotations of one token, exactly one wins.
      const [claimed] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning();
      if (!claimed) {
        const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revokedAt) return { ok: false, reason: 'revoked' };
        // A used token shown again: someone holds a copy. End the whole session for everybody.
        await revokeFamily(row.familyId);
        return { ok: false, reason: 'reused' };
      }
      if (claimed.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
      const next = await insert(claimed.userId, claimed.familyId, claimed.expiresAt);
      return { ok: true, userId: claimed.userId, next };
    },

    async revokeFamilyOf(token) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashSecretToken(token)));
      if (row) await revokeFamily(row.familyId);
    },

    async isSessionRevoked(familyId) {
      const [row] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
        .limit(1);
      return row !== undefined;
    },

    async revokeAllForUser(userId, executor = db) {
      await executor
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
