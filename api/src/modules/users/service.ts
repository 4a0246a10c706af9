import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { withStartupLock } from '../../db/exclusive-job';
import { HttpError } from '../../plugins/errors';
import type { RefreshTokenService } from '../auth/refresh-tokens';
import { hashSecretToken, newSecretToken } from '../auth/secret-token';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { userRepository, type UserRow } from './repository';
import { accountChangedMail, type AccountChange } from './notice-mail';
import type { EnqueueMail } from '../mail/queue';
import { emailOrigin } from '../../lib/origin';
import { servicePlugin } from '../../lib/service-plugin';

export type { UserRow } from './repository';
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export interface NewAccount {
  username: string;
  email: string;
  password: string;
}

/**
 * Tells an account's owner of a change (by e-mail), queued in `tx`, the transaction that makes the
 * change, so that the notice exists if and only if the change committed.
 */
export type AccountNotifier = (user: UserRow, change: AccountChange, tx: Db) => Promise<void>;

export function createUsersService(db: Db, refreshTokens: RefreshTokenService, notify: AccountNotifier) {
  const findByUsername = (username: string) => userRepository.findByUsername(db, username);

  async function assertAvailable(username: string, email: string, exceptId?: string): Promise<void> {
    const others = (await userRepository.clashes(db, username, email)).filter((row) => row.id !== exceptId);
    if (others.some((row) => row.username.toLowerCase() === username.toLowerCase())) {
      throw new HttpError(409, 'username_taken', 'That username is already taken.');
    }
    if (others.length) throw new HttpError(409, 'email_taken', 'An account with that email already exists.');
  }

  return {
    findByUsername,

    /** Tells the owner of a change made outside this service (in a caller's transaction), once it is committed. */
    notifyChange: notify,

    count: (): Promise<number> => userRepository.count(db),

    listAdmins: (): Promise<UserRow[]> => userRepository.listAdmins(db),

    /**
     * Stores an already hashed password, spends every reset link sent before and ends every session
     * of the user; `executor` lets the caller's transaction (which also holds the audit entry) include all.
     */
    async setPassword(userId: string, passwordHash: string, executor: Db = db): Promise<void> {
      await userRepository.update(executor, userId, { passwordHash });
      await userRepository.spendResetsOf(executor, userId);
      await refreshTokens.revokeAllForUser(userId, executor);
    },

    findById: (id: string, executor: Db = db): Promise<UserRow | undefined> => userRepository.findById(executor, id),

    /**
     * Deletes the account in the caller's transaction (which also releases its holds and forgets its
     * other data): personal fields replaced, reset links gone, every session ended. False when it
     * was deleted already.
     */
    async deleteAccount(userId: string, tx: Db): Promise<boolean> {
      const row = await userRepository.anonymise(tx, userId, new Date());
      if (!row) return false;
      await refreshTokens.revokeAllForUser(userId, tx);
      return true;
    },

    /** Always role `user`: no call lets anyone choose a role. */
    async register(account: NewAccount): Promise<UserRow> {
      await assertAvailable(account.username, account.email);
      const passwordHash = await hashPassword(account.password);
      try {
        return await userRepository.insert(db, { username: account.username, email: account.email, passwordHash, role: 'user' });
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

    /**
     * Creates the admin or brings an existing account with that username up to date; `changes` are
     * what its owner must be told of.
     */
    async upsertAdmin(account: NewAccount): Promise<{ created: boolean; user: UserRow; changes: AccountChange[] }> {
      const existing = await findByUsername(account.username);
      if (!existing) {
        await assertAvailable(account.username, account.email);
        const passwordHash = await hashPassword(account.password);
        const user = await userRepository.insert(db, { username: account.username, email: account.email, passwordHash, role: 'admin' });
        return { created: true, user, changes: [] };
      }
      const samePassword = await verifyPassword(existing.passwordHash, account.password);
      if (samePassword && existing.role === 'admin' && existing.email === account.email) {
        return { created: false, user: existing, changes: [] };
      }
      await assertAvailable(account.username, account.email, existing.id);
      const promoted = existing.role !== 'admin';
      const passwordHash = samePassword ? existing.passwordHash : await hashPassword(account.password);
      const changes: AccountChange[] = [...(promoted ? (['admin'] as const) : []), ...(samePassword ? [] : (['password'] as const))];
      const row = await db.transaction(async (tx) => {
        const updated = await userRepository.update(tx, existing.id, { email: account.email, role: 'admin', passwordHash });
        // A link sent before the account became an admin, or to its old address, must not open it now.
        await userRepository.spendResetsOf(tx, existing.id);
        // A new password or role: sessions opened before it end (their tokens carry the old role).
        if (!samePassword || promoted) await refreshTokens.revokeAllForUser(existing.id, tx);
        for (const change of changes) await notify(updated!, change, tx);
        return updated;
      });
      return { created: false, user: row!, changes };
    },

    /**
     * A single-use reset token (only its hash is stored), or undefined when there is no such user;
     * `queue` (the reset e-mail) runs in the transaction that stores the token.
     */
    async createPasswordReset(
      username: string,
      queue?: (user: UserRow, token: string, tx: Db) => Promise<unknown>,
    ): Promise<{ user: UserRow; token: string } | undefined> {
      const user = await findByUsername(username);
      if (!user) return undefined;
      const { token, tokenHash } = newSecretToken();
      await db.transaction(async (tx) => {
        await userRepository.insertReset(tx, user.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS));
        await queue?.(user, token, tx);
      });
      return { user, token };
    },

    /**
     * Sets the password, spends every unused reset link of the user and ends every session, all in
     * one transaction: a reset either happens completely or not at all. The account, or undefined
     * when the token is unknown, used or expired.
     */
    async resetPassword(token: string, password: string): Promise<UserRow | undefined> {
      const tokenHash = hashSecretToken(token);
      // A cheap look first, so a bad token costs no password hashing and no transaction.
      if (!(await userRepository.hasUsableReset(db, tokenHash))) return undefined;
      // Hashed outside the transaction: it takes a while and needs no lock.
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const userId = await userRepository.claimReset(tx, tokenHash);
        if (!userId) return undefined;
        // Every other link the user was sent dies with this reset (an older mail may sit in a
        // mailbox someone else can read).
        await userRepository.spendResetsOf(tx, userId);
        const user = await userRepository.update(tx, userId, { passwordHash });
        await refreshTokens.revokeAllForUser(userId, tx);
        if (user) await notify(user, 'reset', tx);
        return user;
      });
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Queues the account notices on the mail queue, each under a key of its own. */
export function accountMailer(enqueueMail: EnqueueMail, origin: string): AccountNotifier {
  return async (user, change, tx) => {
    await enqueueMail(accountChangedMail(user, change, origin), { key: `account:${user.id}:${change}:${randomUUID()}`, tx });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersService;
  }
}

/** The account service; also makes sure the admin named by ADMIN_* exists with that password. */
export const usersPlugin = servicePlugin(
  'users',
  async (app) => {
    const users = createUsersService(app.database.db, app.refreshTokens, accountMailer(app.enqueueMail, emailOrigin(app.config)));
    const { ADMIN_USERNAME: username, ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = app.config;
    if (username && email && password) {
      // Instances starting together would each find the admin missing and insert it.
      const { created } = await withStartupLock(app.database, 'accounts:admin', () =>
        users.upsertAdmin({ username, email: email.toLowerCase(), password }),
      );
      app.log.info({ username }, created ? 'admin created' : 'admin checked');
    }
    return users;
  },
  { dependencies: ['database', 'refresh-tokens', 'mail-queue'] },
);
