import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOrigin } from '../../lib/origin';
import { rowsOf } from '../../db/rows';
import { BUCKET_MS } from './service';
import { versionFigures } from './repository';
import { ReleaseRefused } from '../releases/checks';
import { running, type Trial } from '../releases/trials';

export interface Figures {
  visits: number;
  errors: number;
}

export interface CanaryRule {
  /** Errors per visit the candidate may have above the live release's. */
  margin: number;
  /** Visits of the candidate before it is judged. */
  minVisits: number;
}

export type Verdict = { act: 'wait' } | { act: 'keep' } | { act: 'rollback'; reason: string };

const percent = (rate: number) => `${Math.round(rate * 1000) / 10} %`;

/**
 * The automatic rollback's rule (decision 058): once the candidate has `minVisits` visits, it is
 * rolled back when its client errors per visit exceed the live release's by more than `margin`.
 * A live release without visits over the time counts as error-free.
 */
export function judgeCanary(candidate: Figures, live: Figures, rule: CanaryRule): Verdict {
  if (candidate.visits < rule.minVisits) return { act: 'wait' };
  const candidateRate = candidate.errors / candidate.visits;
  const liveRate = live.visits > 0 ? live.errors / live.visits : 0;
  if (candidateRate <= liveRate + rule.margin) return { act: 'keep' };
  return {
    act: 'rollback',
    reason: `${percent(candidateRate)} client errors per visit over ${candidate.visits} visits, against ${percent(liveRate)} for the live release (${live.visits} visits); the margin is ${percent(rule.margin)}`,
  };
}

/** The actor of what the site does by itself, in the audit log. */
export const AUTOMATIC_ACTOR = { id: null, username: 'automatic' };

/**
 * Judges the canary each time visitors' signals are written (every VITALS_FLUSH_MS while beacons
 * arrive, on any instance): the figures are the database's, every instance's visits together, and
 * nothing is polled while nobody visits. The rollback runs under the release lock and only for the
 * canary judged, so instances judging at once end it once.
 */
export async function checkCanary(app: FastifyInstance, now = new Date()): Promise<Trial | null> {
  const trial = running(await app.releases.trials.read());
  if (!trial || trial.kind !== 'canary') return null;
  const { db } = app.database;
  // Pages of an own build are counted under its release zero, else as `build` (decision 069).
  const liveVersion = (await app.releases.pointers.read(trial.remote))?.version ?? (await app.releases.ownBuild(trial.remote)) ?? 'build';
  const [candidate, live] = await Promise.all([
    versionFigures(db, trial.remote, trial.version, undefined, BUCKET_MS),
    versionFigures(db, trial.remote, liveVersion, new Date(trial.since), BUCKET_MS),
  ]);
  const verdict = judgeCanary(candidate, live, { margin: app.config.CANARY_ERROR_MARGIN, minVisits: app.config.CANARY_MIN_VISITS });
  if (verdict.act !== 'rollback') return null;
  try {
    const done = await app.releases.rollback(trial.remote, { version: trial.version, at: now.toISOString(), reason: verdict.reason });
    if (!done.ended) return null;
  } catch (error) {
    // Ended or promoted meanwhile (another instance judged first), or a release under way: judged again at the next flush.
    if (error instanceof ReleaseRefused) return null;
    throw error;
  }
  app.log.warn({ remote: trial.remote, version: trial.version, reason: verdict.reason }, 'the canary was rolled back automatically');
  const label = `${trial.remote} canary of ${trial.version} rolled back automatically`;
  await app.audit.record(db, { actor: AUTOMATIC_ACTOR, action: 'rollback', entity: 'release', entityId: trial.remote, label });
  const admins = await rowsOf<{ email: string; username: string }>(db, sql`SELECT email, username FROM users WHERE role = 'admin' AND deleted_at IS NULL`);
  const origin = emailOrigin(app.config);
  for (const admin of admins) {
    await app.enqueueMail(
      {
        to: admin.email,
        subject: `The canary of ${trial.remote} was rolled back`,
        text: [
          `Hi ${admin.username},`,
          '',
          `The canary of ${trial.remote} ${trial.version} (${trial.percent} % of visitors) was rolled back automatically at ${now.toISOString()}:`,
          verdict.reason + '.',
          'Every visitor is on the live release again; the candidate stays kept.',
          '',
          `See Admin → Settings → Releases: ${origin}/admin/settings`,
        ].join('\n'),
      },
      { key: `canary-rollback:${trial.remote}:${trial.version}:${admin.email}` },
    );
  }
  return trial;
}

/** Judges a running canary after each write of visitors' signals. */
export const canaryWatchPlugin = fp(
  async (app: FastifyInstance) => {
    app.vitals.onWritten(async () => {
      await checkCanary(app);
    });
  },
  { name: 'canary-watch', dependencies: ['releases', 'vitals', 'audit', 'mail-queue'] },
);
