import { z } from 'zod';

/** Longest beacon body the api reads, in bytes. */
export const VITALS_BODY_LIMIT = 4096;
/** Page views one beacon may carry (a tab's views gathered until it is hidden). */
export const VITALS_MAX_VIEWS = 10;

const Name = z.string().min(1).max(60);
const Seconds = z.number().finite().min(0).max(600);

/** One page view as the browser reports it: no address, no URL, no identity. */
export const VitalsView = z
  .object({
    /** The route pattern from the shell's route table (`/blog/:slug`), or `(other)`. */
    route: z.string().min(1).max(100),
    /** The front ends on the page, by package folder, and the version of each (`build` for its own build). */
    remotes: z.record(Name, Name).refine((remotes) => Object.keys(remotes).length >= 1 && Object.keys(remotes).length <= 8, 'between 1 and 8 front ends'),
    lcp: Seconds.optional(),
    inp: Seconds.optional(),
    ttfb: Seconds.optional(),
    cls: z.number().finite().min(0).max(100).optional(),
    /** Client errors on the page by the front end they are put down to. */
    errors: z.record(Name, z.number().int().min(0).max(100)).optional(),
  })
  .strict();
export type VitalsView = z.infer<typeof VitalsView>;

export const VitalsBeacon = z.object({ views: z.array(VitalsView).min(1).max(VITALS_MAX_VIEWS) }).strict();
export type VitalsBeacon = z.infer<typeof VitalsBeacon>;

export const VitalsSettings = z.object({ sample_rate: z.number().min(0).max(1) });
export type VitalsSettings = z.infer<typeof VitalsSettings>;

// ——— Admin → Releases: visitors' signals per front end version ———

export const VersionSignals = z.object({
  remote: z.string(),
  version: z.string(),
  visits: z.number().int(),
  errors: z.number().int(),
  /** Errors per visit. */
  error_rate: z.number(),
  /** 75th percentiles estimated from the histogram buckets (seconds; CLS unitless); null without data. */
  lcp_p75: z.number().nullable(),
  inp_p75: z.number().nullable(),
  cls_p75: z.number().nullable(),
});
export type VersionSignals = z.infer<typeof VersionSignals>;

export const VitalsOverview = z.object({ versions: z.array(VersionSignals) });
export type VitalsOverview = z.infer<typeof VitalsOverview>;
