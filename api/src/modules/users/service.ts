import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { HttpError } from '../../plugins/errors';
import type { RefreshTokenService } from '../auth/refresh-tokens';
import { hashSecretToken, newSecretToken } from '../auth/secret-token';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { passwordResetTokens, users } from './table';

export type UserRow = typeof users.$inferSelect;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

const byUsername = (username: string) => eq(sql`lower(${users.username})`, username.trim().toLowerCase());

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createUsersService(db: Db, refreshTokens: RefreshTokenService) {
  const findByUsername = async (username: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(byUsername(username)))[0];

  async function assertAvailable(username: string, email: string, exceptId?: string): Promise<void> {
    const clashes = await db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()} OR ${users.email} = ${email}`);
    const others = clashes.filter((row) => row.id !== exceptId);
    if (others.some((row) => row.username.toLowerCase() === username.toLowerCase())) {
      throw new HttpError(409, 'username_taken', 'That username is already taken.');
    }
    if (others.length) throw new HttpError(409, 'email_taken', 'An account with that email already exists.');
  }

  return {
    findByUsername,

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },

    async listAdmins(): Promise<UserRow[]> {
      return db.select().from(users).where(eq(users.role, 'admin')).orderBy(asc(sql`lower(${users.username})`));
    },

    /**
     * Stores an already hashed password and ends every session of the user; `executor` lets the
     * caller's transaction (which also holds the audit entry) include both.
     */
    async setPassword(userId: string, passwordHash: string, executor: Db = db): Promise<void> {
      await executor.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await refreshTokens.revokeAllForUser(userId, executor);
    },

    async findById(id: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)))[0];
    },

    /** Always role `user`: no call lets anyone choose a role. */
    async register(account: NewAccount): Promise<UserRow> {
      await assertAvailable(account.username, account.email);
      const passwordHash = await hashPassword(account.password);
      try {
        const [row] = await db
          .insert(users)
          .values({ username: account.username, email: account.email, passwordHash, role: 'user' })
          .returning();
        return row!;
      } catch (error) {
        // Lost a race with a simultaneous registration of the same name or email.
        if (isUniqueViolation(error)) throw new HttpError(409, 'conflict', 'That username or email is already registered.');
        throw error;
      }
    },

    /** The user when the password matches; a missing user costs the same time as a wrong password. */
    async verifyCredentials(username: string, password: string): Promise<UserRow | undefined> {
      const user = await findByUsername(username);
      if (!user) {
        await burnPasswordCheck(password);
        return undefined;
      }
      return (await verifyPassword(user.passwordHash, password)) ? user : undefined;
    },

    /** Creates the admin or brings an existing account with that username up to date. */
    async upsertAdmin(account: NewAccount): Promise<{ created: boolean; user: UserRow }> {
      const existing = await findByUsername(account.username);
      if (!existing) {
        await assertAvailable(account.username, account.email);
        const passwordHash = await hashPassword(account.password);
        const [row] = await db
          .insert(users)
          .values({ username: account.username, email: account.email, passwordHash, role: 'admin' })
          .returning();
        return { created: true, user: row! };
      }
      const samePassword = await verifyPassword(existing.passwordHash, account.password);
      if (samePassword && existing.role === 'admin' && existing.email === account.email) {
        return { created: false, user: existing };
      }
      await assertAvailable(account.username, account.email, existing.id);
      const [row] = await db
        .update(users)
        .set({
          email: account.email,
          role: 'admin',
          passwordHash: samePassword ? existing.passwordHash : await hashPassword(account.password),
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id))
        .returning();
      if (!samePassword) await refreshTokens.revokeAllForUser(existing.id);
      return { created: false, user: row! };
    },

    /** A single-use reset token (only its hash is stored), or undefined when there is no such user. */
    async createPasswordReset(username: string): Promise<{ user: UserRow; token: string } | undefined> {
      const user = await findByUsername(username);
      if (!user) return undefined;
      const { token, tokenHash } = newSecretToken();
      await db
        .insert(passwordResetTokens)
        .values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
      return { user, token };
    },

    /**
     * Sets the password, spends every unused reset link of the user and ends every session, all in
     * one transaction: a reset either happens completely or not at all. False when the token is
     * unknown, used or expired.
     */
    async resetPassword(token: string, password: string): Promise<boolean> {
      const usable = () =>
        and(
          eq(passwordResetTokens.tokenHash, hashSecretToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        );
      // A cheap look first, so a bad token costs no password hashing and no transaction.
      const [candidate] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable());
      if (!candidate) return false;
      // Hashed outside the transaction: it takes a while and needs no lock.
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        // Conditional claim: of two simultaneous resets with one link, exactly one gets here.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(usable())
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) return false;
        // Every other link the user was sent dies with this reset (an older mail may sit in a
        // mailbox someone else can read).
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
        await refreshTokens.revokeAllForUser(claimed.userId, tx);
        return true;
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
