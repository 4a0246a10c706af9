import { z } from 'zod';

// ——— Admin → System: what an operator checks first ———

export const RemoteStatus = z.object({
  name: z.string(),
  /** The entry URL remotes.json names. */
  entry: z.string(),
  /** A short hash of the entry file as served now (changes with each deploy); null when it did not load. */
  version: z.string().nullable(),
  reachable: z.boolean(),
});
export type RemoteStatus = z.infer<typeof RemoteStatus>;

export const LastBackupInfo = z.object({
  at: z.string(),
  size: z.number().int(),
  file: z.string().nullable(),
  kind: z.enum(['scheduled', 'download']),
  encrypted: z.boolean(),
});
export type LastBackupInfo = z.infer<typeof LastBackupInfo>;

export const SystemStatus = z.object({
  health: z.object({
    /** starting, ready or draining (the readiness probe's state). */
    state: z.string(),
    database_reachable: z.boolean(),
    uptime_seconds: z.number(),
    resident_memory_bytes: z.number(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    server_version: z.string().nullable(),
    /** The newest migration applied. */
    schema_version: z.string().nullable(),
  }),
  /** Null when remotes.json cannot be read (the front ends are not built or not served here). */
  remotes: z.array(RemoteStatus).nullable(),
  backups: z.object({
    last: LastBackupInfo.nullable(),
    /** 0 when scheduled backups are off. */
    every_hours: z.number(),
    keep: z.number().int(),
    encrypted: z.boolean(),
  }),
  /** Jobs waiting or running in the queue (all queues; mail is one of them). */
  queue: z.object({ depth: z.number().int(), mail: z.number().int() }),
  mail: z.object({
    transport: z.enum(['smtp', 'outbox']),
    /** Sends that failed on this instance since it started, as counted by the metrics. */
    failures_since_start: z.number().int(),
    /** The newest messages whose last attempt failed: given up, or waiting to be tried again. */
    recent_failures: z.array(z.object({ at: z.string(), to: z.string(), error: z.string(), retrying: z.boolean() })),
  }),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

// ——— Admin → Settings → Releases: each remote's live version and history ———

export const ReleaseLine = z.object({
  version: z.string(),
  /** ISO time the release was made. */
  created_at: z.string(),
  /** What pages are made of: the live release or, while no release is live, release zero (the build the site was started with). */
  live: z.boolean(),
});
export type ReleaseLine = z.infer<typeof ReleaseLine>;

export const RemoteReleases = z.object({
  /** The remote's package folder (`mfe-marketing`). */
  remote: z.string(),
  /** The live release and since when; null while the remote's own build is live. */
  live: z.object({ version: z.string(), since: z.string() }).nullable(),
  /** Kept releases, newest first. */
  releases: z.array(ReleaseLine),
});
export type RemoteReleases = z.infer<typeof RemoteReleases>;

/** A checked release on trial: shown to admins with the preview on and, for a canary, to a share of visitors. */
export const ReleaseTrial = z.object({
  remote: z.string(),
  version: z.string(),
  kind: z.enum(['preview', 'canary']),
  /** The share of visitors that get it (0 for a preview). */
  percent: z.number().int(),
  since: z.string(),
  /** Set when it was rolled back without anyone acting: why, and when. */
  ended: z.object({ at: z.string(), reason: z.string() }).optional(),
});
export type ReleaseTrial = z.infer<typeof ReleaseTrial>;

export const ReleasesOverview = z.object({
  remotes: z.array(RemoteReleases),
  keep: z.number().int(),
  /** The trial that runs, or the last one rolled back automatically (`ended` set); null when neither. */
  trial: ReleaseTrial.nullable(),
  /** Whether this admin's pages show the candidate (their preview is on). */
  previewing: z.boolean(),
});
export type ReleasesOverview = z.infer<typeof ReleasesOverview>;
