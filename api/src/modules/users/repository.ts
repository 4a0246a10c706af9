import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordResetTokens, users } from './table';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

const byUsername = (username: string) => eq(sql`lower(${users.username})`, username.trim().toLowerCase());
const usableReset = (tokenHash: string) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

/** The only code that touches users and password_reset_tokens. */
export const userRepository = {
  async findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(byUsername(username)))[0];
  },

  async findById(db: Db, id: string): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.id, id)))[0];
  },

  /** Accounts with this username (any case) or this email. */
  async clashes(db: Db, username: string, email: string): Promise<{ id: string; username: string; email: string }[]> {
    return db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()} OR ${users.email} = ${email}`);
  },

  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },

  async listAdmins(db: Db): Promise<UserRow[]> {
    return db.select().from(users).where(eq(users.role, 'admin')).orderBy(asc(sql`lower(${users.username})`));
  },

  async insert(db: Db, values: UserInsert): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(db: Db, id: string, patch: Partial<Pick<UserInsert, 'email' | 'role' | 'passwordHash'>>): Promise<UserRow | undefined> {
    const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  },

  async insertReset(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },

  async hasUsableReset(db: Db, tokenHash: string): Promise<boolean> {
    const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usableReset(tokenHash));
    return row !== undefined;
  },

  /** Conditional claim: of two simultaneous claims of one link, exactly one gets the user id. */
  async claimReset(db: Db, tokenHash: string): Promise<string | undefined> {
    const [claimed] = await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usableReset(tokenHash))
      .returning({ userId: passwordResetTokens.userId });
    return claimed?.userId;
  },

  /**
   * A deleted account: the row stays (paid orders reference it) with every personal field replaced,
   * a password no input matches and its username and address free for anyone to register again.
   */
  async anonymise(db: Db, id: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({
        username: `deleted-${id.replace(/-/g, '').slice(0, 12)}`,
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: '!deleted',
        role: 'user',
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning();
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    return row;
  },

  async spendResetsOf(db: Db, userId: string): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};
