import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '@site/shared/contracts/common';

/** The error answers a content route declares (each in the one error shape). */
export const CONTENT_ERROR_RESPONSES = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
} as const;

/** Raised by services for a failure the caller can act on; becomes `{ error, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const sendError = (reply: FastifyReply, status: number, error: string, message: string, details?: unknown) =>
  reply.code(status).send(details === undefined ? { error, message } : { error, message, details });

const CLIENT_ERRORS: Record<number, [string, string]> = {
  400: ['bad_request', 'The request could not be understood.'],
  401: ['unauthorized', 'Please sign in to continue.'],
  403: ['forbidden', 'You do not have access to this.'],
  404: ['not_found', 'Not found.'],
  405: ['method_not_allowed', 'That method is not allowed here.'],
  406: ['not_acceptable', 'That response format is not available.'],
  409: ['conflict', 'That conflicts with existing data.'],
  413: ['payload_too_large', 'The request is too large.'],
  415: ['unsupported_media_type', 'That content type is not supported.'],
  429: ['rate_limited', 'Too many requests. Please wait a moment and try again.'],
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a broken
 * percent-encoding, a path parameter longer than the router's limit) in the one error shape, without
 * echoing the path.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, 'uri_too_long', 'A part of the address is too long.');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(reply, 400, 'bad_url', 'The address is not valid (a broken percent-encoding).');
  } else {
    void sendError(reply, 400, ...CLIENT_ERRORS[400]!);
  }
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (a bad or duplicate
 * Content-Length, broken chunks, NUL or folded headers, an unknown method, headers too large), in
 * the site's `{ error, message }` shape, then the connection is closed: nothing after it can be read.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, code, message] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large.']
    : [400, 'Bad Request', ...CLIENT_ERRORS[400]!];
  const body = JSON.stringify({ error: code, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Headers a request may carry once (RFC 9112 for Host; two Content-Types leave the body's type open). */
const SINGLE_HEADERS = new Set(['host', 'content-type', 'content-length']);

/** The name of a header sent twice that may be sent once, if any. */
export function repeatedHeader(rawHeaders: string[]): string | undefined {
  const seen = new Set<string>();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!.toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/**
 * One error shape for every non-2xx answer: `{ error, message }` (+ `details` for validation).
 * Server errors are logged without their stack and answered with a generic message.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const repeated = repeatedHeader(request.raw.rawHeaders);
      if (repeated) return sendError(reply, 400, 'bad_request', `The ${repeated} header may be sent once only.`);
    });
    app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
      if (err instanceof HttpError) {
        return sendError(reply, err.statusCode, err.code, err.message, err.details);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues = err.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message,
        }));
        const first = issues[0];
        const where = err.validationContext === 'body' ? '' : ` (${err.validationContext})`;
        const message = first
          ? `Invalid request${where}: ${first.path ? `${first.path}: ` : ''}${first.message}`
          : 'Invalid request.';
        return sendError(reply, 400, 'validation_error', message, { issues });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const [code, text] = CLIENT_ERRORS[status] ?? ['bad_request', 'The request could not be processed.'];
        if (status === 429) return sendError(reply, 429, code, safeMessage(err.message, text));
        // Fastify's own 4xx messages (bad JSON, body too large) are safe and specific.
        return sendError(reply, status, code, err.code?.startsWith('FST_') ? safeMessage(err.message, text) : text);
      }
      const database = databaseErrorOf(err);
      if (database) {
        const answer = DATABASE_CLIENT_ERRORS[database.code] ?? (database.code.startsWith('22') ? DATA_EXCEPTION : undefined);
        if (answer) return sendError(reply, answer[0], answer[1], answer[2]);
      }
      // One line per failure: the database's error code and the statement, never its parameters
      // (they hold what people typed: messages, usernames, addresses).
      request.log.error(
        {
          err: database
            ? { type: 'DatabaseError', code: database.code, constraint: database.constraint, query: database.query }
            : { type: err.name, code: err.code, message: err.message },
        },
        'request failed',
      );
      const status5xx = database?.code === '57014' ? 503 : 500;
      return reply.code(status5xx).send({
        error: status5xx === 503 ? 'unavailable' : 'internal_error',
        message: `Something went wrong on our side. Please try again. (reference ${request.id})`,
        requestId: request.id,
      });
    });
  },
  { name: 'errors' },
);

const DATA_EXCEPTION: [number, string, string] = [400, 'invalid_input', 'A value in the request cannot be stored. Please check the fields.'];

/** Database errors that a request caused (PostgreSQL SQLSTATE codes), answered as client errors. */
const DATABASE_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  '23502': [400, 'invalid_input', 'A required value is missing.'],
  '23503': [409, 'conflict', 'That refers to something that does not exist.'],
  '23505': [409, 'conflict', 'That conflicts with existing data.'],
  '23514': [400, 'invalid_input', 'A value in the request is not allowed.'],
  '54000': [400, 'invalid_input', 'A value in the request is too large.'],
};

interface DatabaseErrorInfo {
  code: string;
  constraint?: string;
  query?: string;
}

/** The SQLSTATE (and the statement, without parameters) of a database error anywhere in the cause chain. */
export function databaseErrorOf(error: unknown): DatabaseErrorInfo | undefined {
  let query: string | undefined;
  for (let e = error as Record<string, unknown> | undefined, hops = 0; e && typeof e === 'object' && hops < 8; e = e.cause as typeof e, hops++) {
    if (typeof e.query === 'string') query = e.query;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e || 'schema' in e || 'length' in e)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined, query };
    }
  }
  return undefined;
}

function safeMessage(message: string, fallback: string): string {
  return message && message.length < 200 ? message : fallback;
}
