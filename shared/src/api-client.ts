import type { ApiErrorBody } from './contracts/common';

// A hand-written guard rather than the zod schema: every page uses this client, and zod would
// otherwise be downloaded by visitors who never see a form.
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.message === 'string';
}

export const API_BASE = '/api';

/** A failed call: `error` and `message` are the api's own fields when it sent them. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string | undefined;
  readonly serverMessage: string | undefined;
  readonly details: unknown;

  constructor(status: number, body: ApiErrorBody | undefined, fallback: string) {
    super(body?.message ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.error = body?.error;
    this.serverMessage = body?.message;
    this.details = body?.details;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Send the bearer token and retry once after a refresh on 401. */
  auth?: boolean;
}

type TokenSource = {
  getToken: () => string | null;
  refresh: () => Promise<string | null>;
};

let tokenSource: TokenSource | null = null;

/** The session store registers how to read and renew the access token. */
export function setTokenSource(source: TokenSource | null): void {
  tokenSource = source;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: body ?? null,
    credentials: 'include',
    signal: options.signal ?? null,
  });
}

async function readError(response: Response): Promise<ApiError> {
  let parsed: ApiErrorBody | undefined;
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) parsed = body;
  } catch {
    // not JSON: fall back to the status text
  }
  return new ApiError(response.status, parsed, response.statusText || `Request failed (${response.status})`);
}

/** Calls the api under /api and returns its JSON body (undefined for 204). */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth ? (tokenSource?.getToken() ?? null) : null;
  let response = await send(path, options, token);
  if (response.status === 401 && options.auth && tokenSource) {
    const renewed = await tokenSource.refresh();
    if (renewed) response = await send(path, options, renewed);
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The user-facing text for a failure: the server's `message` when it sent one. Where the spec says
 * "the server's error field" this is what it means: `error` is a machine code (decision 047).
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
