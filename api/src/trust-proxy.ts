import { isIP } from 'node:net';
import { z } from 'zod';

/** Fastify's `trustProxy`: off, on for every hop, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | string[];

const isAddressOrCidr = (value: string): boolean => {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset or `false` → X-Forwarded-* are ignored (a client could otherwise forge its
 * address and dodge per-IP limits); `true` → trust every hop; `10.0.0.1,10.1.0.0/16` → trust only
 * requests arriving from those proxies. A hop count is refused rather than passed on: Fastify 5.12
 * ignores it (trusts nothing) because it cannot tell a proxy from a client that reached us directly.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || value === '' || value.toLowerCase() === 'false') return false;
    if (value.toLowerCase() === 'true') return true;
    if (/^\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'a hop count cannot be checked: list the proxies\' addresses/CIDRs (or true)' });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false or a comma-separated list of addresses/CIDRs (bad: ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });
