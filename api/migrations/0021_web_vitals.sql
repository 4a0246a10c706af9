-- Real visitors' signals (decision 069): page views, client errors and Core Web Vitals, added up
-- per time bucket, remote version and route pattern; never a row per visit. `counts` holds the
-- fixed histogram buckets of LCP, INP, TTFB and CLS one after the other (api/src/modules/vitals).
-- Buckets past their time are folded into one row per series at 1970-01-01, so that the totals
-- /api/metrics exports never go down.
CREATE TABLE web_vitals (
  bucket_start timestamptz NOT NULL,
  remote text NOT NULL CHECK (char_length(remote) BETWEEN 1 AND 40),
  version text NOT NULL CHECK (char_length(version) BETWEEN 1 AND 60),
  route text NOT NULL CHECK (char_length(route) BETWEEN 1 AND 100),
  visits integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  counts integer[] NOT NULL,
  lcp_sum double precision NOT NULL DEFAULT 0,
  inp_sum double precision NOT NULL DEFAULT 0,
  ttfb_sum double precision NOT NULL DEFAULT 0,
  cls_sum double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket_start, remote, version, route)
);
