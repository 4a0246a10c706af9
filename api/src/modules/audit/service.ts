import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntity, AuditEntry } from '@site/shared/contracts/admin';
import type { Db, Tx } from '../../db/database';
import { auditRepository } from './repository';
import type { AuditRow } from './table';

/** Who acted: resolved once per request, before any transaction opens. */
export interface AuditActor {
  /** Null for what the site does by itself (an automatic rollback). */
  id: string | null;
  username: string;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  label?: string | null;
}

export interface AuditService {
  /** The signed-in user of the request (needs `requireUser`/`requireAdmin` to have run). */
  actorOf(request: FastifyRequest): Promise<AuditActor>;
  /**
   * Appends an entry with `db`, which should be the caller's transaction: the entry then commits
   * or rolls back with the write it describes.
   */
  record(db: Db, entry: AuditRecord): Promise<void>;
  /**
   * Runs `work` in a new transaction and records what `describe` says of its result in it. For
   * writes whose code takes a `db` and knows nothing of auditing.
   */
  audited<T>(
    request: FastifyRequest,
    work: (tx: Tx) => Promise<T>,
    describe: (result: T) => Omit<AuditRecord, 'actor'> | Omit<AuditRecord, 'actor'>[],
  ): Promise<T>;
  /** The newest entries first. */
  recent(limit: number): Promise<AuditEntry[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

export const UNKNOWN_ACTOR = '(unknown account)';

const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor_id: row.actorId,
  actor_username: row.actorUsername,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  label: row.label,
  at: row.at.toISOString(),
});

export const auditPlugin = fp(
  async (app) => {
    const { db } = app.database;

    const record: AuditService['record'] = async (executor, entry) => {
      await auditRepository.insert(executor, {
        actorId: entry.actor.id,
        actorUsername: entry.actor.username,
        action: entry.action,
        entity: entry.entity,
        entityId: clip(entry.entityId, 100),
        label: clip(entry.label, 200),
      });
    };

    const actorOf: AuditService['actorOf'] = async (request) => {
      const user = await app.users.findById(request.user.sub);
      // A token outlives its account by up to 15 minutes; the entry still names the token's subject.
      return { id: request.user.sub, username: user?.username ?? UNKNOWN_ACTOR };
    };

    app.decorate('audit', {
      actorOf,
      record,
      async audited(request, work, describe) {
        const actor = await actorOf(request);
        return db.transaction(async (tx) => {
          const result = await work(tx);
          const described = describe(result);
          for (const entry of Array.isArray(described) ? described : [described]) {
            await record(tx, { ...entry, actor });
          }
          return result;
        });
      },
      async recent(limit) {
        return (await auditRepository.recent(db, limit)).map(toAuditEntry);
      },
    } satisfies AuditService);
  },
  { name: 'audit', dependencies: ['database', 'users'] },
);
