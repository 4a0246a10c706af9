import { createHmac, timingSafeEqual } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { FORM_ANCHORS, RETURN_FIELD, type FormName, type FormOutcome } from '@site/shared/contracts/form-outcome';
import type { Config } from '../config';
import { HttpError } from '../plugins/errors';
import { publicOrigin } from './origin';

/** The cookie carrying a native post's outcome back to the page (never the URL: it holds what was typed). */
export const FORM_OUTCOME_COOKIE = 'form_outcome';
/** Long enough for the 303 and the page it leads to; the page clears it once shown. */
const OUTCOME_SECONDS = 60;
/** Below the browsers' 4 KB per cookie, with its name, signature and attributes. */
const COOKIE_BUDGET = 3750;

const FormOutcomeSchema = z.object({
  form: z.enum(['newsletter', 'contact']),
  ok: z.boolean(),
  message: z.string().max(500),
  values: z.record(z.string(), z.string().max(5000)),
  errors: z.record(z.string(), z.string().max(500)),
}) satisfies z.ZodType<FormOutcome>;

export interface FormPostOptions<T> {
  form: FormName;
  /** The form's own contract (what the page validates): its fields as the browser posts them. */
  fields: z.ZodType<T>;
  /** The route's body made from the valid fields (the route validates it with its own contract). */
  toBody?: (values: T) => unknown;
  /** The texts of the outcome: success, and the failure when the answer has no message of its own. */
  messages: { success: string; failure: string };
}

interface Posted {
  form: FormName;
  returnTo: string;
  values: Record<string, string>;
}
const posted = new WeakMap<FastifyRequest, Posted>();

const isFormPost = (request: FastifyRequest) => request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded') === true;

/** A path on this site, or the home page: a posted value must never send the visitor elsewhere. */
const safeReturn = (value: unknown): string =>
  typeof value === 'string' && /^\/(?![/\\])[^\s\\#]*$/.test(value) && value.length <= 300 ? value : '/';

/**
 * A form post must come from one of our pages: the browser says so with `Sec-Fetch-Site`, or with
 * `Origin` where it sends no fetch metadata. A post with neither is refused too.
 */
function assertFromOurPage(request: FastifyRequest, config: Config): void {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const crossSite = (site !== undefined && site !== 'same-origin') || (origin !== undefined && origin !== publicOrigin(config, request));
  if (crossSite || (site === undefined && origin === undefined)) {
    throw new HttpError(403, 'cross_site', 'This form must be sent from the site itself.');
  }
}

const encodeOutcome = (outcome: FormOutcome) => Buffer.from(JSON.stringify(outcome)).toString('base64url');

/**
 * Signed with the site's key: only an outcome this site made renders a page for one visitor (and
 * skips the page cache); anything else sent under the cookie's name is ignored.
 */
const signatureOf = (key: string, payload: string) => createHmac('sha256', key).update(`form-outcome:${payload}`).digest('base64url');

/** The outcome as a signed cookie value (`payload.signature`). */
const signedCookieValue = (key: string, outcome: FormOutcome) => {
  const payload = cookieValue(outcome);
  return `${payload}.${signatureOf(key, payload)}`;
};

/** The payload of a cookie value this site signed, else null. */
function verifiedPayload(key: string, value: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(key, payload));
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
}

/** The outcome as a cookie value; the longest typed value is shortened until it fits. */
function cookieValue(outcome: FormOutcome): string {
  const values = { ...outcome.values };
  let value = encodeOutcome(outcome);
  while (value.length > COOKIE_BUDGET) {
    const [longest] = Object.entries(values).sort(([, a], [, b]) => b.length - a.length);
    if (!longest || longest[1].length === 0) break;
    values[longest[0]] = longest[1].slice(0, Math.floor(longest[1].length / 2));
    value = encodeOutcome({ ...outcome, values });
  }
  return value;
}

const cookieOptions = (request: FastifyRequest, config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https' || Boolean(config.PUBLIC_URL?.startsWith('https:')),
  path: '/',
});

/** Answers a native post: 303 back to its page, at the form, with the outcome for this visitor only. */
function redirectWith(request: FastifyRequest, reply: FastifyReply, config: Config, returnTo: string, outcome: FormOutcome): void {
  reply
    .code(303)
    .header('Location', `${returnTo}#${FORM_ANCHORS[outcome.form]}`)
    .header('Cache-Control', 'no-store')
    .header(
      'Set-Cookie',
      fastifyCookie.serialize(FORM_OUTCOME_COOKIE, signedCookieValue(request.server.formOutcomeKey, outcome), { ...cookieOptions(request, config), maxAge: OUTCOME_SECONDS }),
    );
}

const messageOf = (payload: unknown): string | null => {
  if (typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
};

/**
 * The hooks that let a route also take its page's form posted without JavaScript
 * (`application/x-www-form-urlencoded`): the fields are checked with the form's own contract and
 * become the route's usual body; the route's answer becomes a 303 back to the page with the outcome.
 * JSON posts (the page with JavaScript) go through untouched.
 */
export function acceptFormPosts<T>(config: Config, options: FormPostOptions<T>): { preValidation: preValidationAsyncHookHandler; onSend: onSendAsyncHookHandler<unknown> } {
  return {
    async preValidation(request, reply) {
      if (!isFormPost(request)) return;
      assertFromOurPage(request, config);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const returnTo = safeReturn(body[RETURN_FIELD]);
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(body)) if (name !== RETURN_FIELD && typeof value === 'string') values[name] = value;
      const parsed = options.fields.safeParse(values);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
        redirectWith(request, reply, config, returnTo, { form: options.form, ok: false, message: '', values, errors });
        return reply.send();
      }
      request.body = options.toBody ? options.toBody(parsed.data) : parsed.data;
      posted.set(request, { form: options.form, returnTo, values });
    },

    async onSend(request, reply, payload) {
      const post = posted.get(request);
      if (!post) return payload;
      posted.delete(request);
      const ok = reply.statusCode < 300;
      // 5xx answers carry no detail worth showing; 4xx ones carry the reason (already subscribed).
      const message = ok ? options.messages.success : (reply.statusCode < 500 && messageOf(payload)) || options.messages.failure;
      redirectWith(request, reply, config, post.returnTo, { form: post.form, ok, message, values: ok ? {} : post.values, errors: {} });
      reply.removeHeader('Content-Type');
      return '';
    },
  };
}

/** The outcome of a native post this visitor just made, if any (signed by this site, else ignored). */
export function readFormOutcome(request: FastifyRequest): FormOutcome | null {
  if (!request.headers.cookie?.includes(`${FORM_OUTCOME_COOKIE}=`)) return null;
  const raw = fastifyCookie.parse(request.headers.cookie)[FORM_OUTCOME_COOKIE];
  const payload = raw && verifiedPayload(request.server.formOutcomeKey, raw);
  if (!payload) return null;
  try {
    const parsed = FormOutcomeSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether the request brings an outcome to show (its page is rendered for it alone). */
export const hasFormOutcome = (request: FastifyRequest): boolean => readFormOutcome(request) !== null;

/** Forgets the outcome once its page has shown it: a reload shows the plain page. */
export function clearFormOutcome(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  reply.header('Set-Cookie', fastifyCookie.serialize(FORM_OUTCOME_COOKIE, '', { ...cookieOptions(request, config), maxAge: 0 }));
}

/** Reads `application/x-www-form-urlencoded` bodies (a native form post) into an object of their fields. */
export function parseFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
