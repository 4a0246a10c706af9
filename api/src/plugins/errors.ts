import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
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
 * One error shape for every non-2xx answer: `{ error, message }` (+ `details` for validation).
 * Server errors are logged without their stack and answered with a generic message.
 */
export const errorsPlugin = fp(
  async (app) => {
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
      request.log.error({ err: { type: err.name, code: err.code, message: err.message } }, 'request failed');
      return sendError(reply, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
    });
  },
  { name: 'errors' },
);

function safeMessage(message: string, fallback: string): string {
  return message && message.length < 200 ? message : fallback;
}
