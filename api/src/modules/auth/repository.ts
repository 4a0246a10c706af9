import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { refreshTokens } from './table';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The only code that touches refresh_tokens. */
export const refreshTokenRepository = {
  async insert(db: Db, values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await db.insert(refreshTokens).values(values);
  },

  /** Marks an unused, unrevoked token used; undefined when another call got there first (or none is usable). */
  async claim(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [claimed] = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    return claimed;
  },

  async findByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  },

  async revokeFamily(db: Db, familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },

  /** Whether the family has a token neither revoked nor expired: the session exists and is still open. */
  async isFamilyOpen(db: Db, familyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)))
      .limit(1);
    return row !== undefined;
  },

  async revokeAllOfUser(db: Db, userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};
