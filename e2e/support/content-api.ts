import { randomUUID } from 'node:crypto';
import { adminAccessToken } from './admin-token';

/** Creates community content through the api as an admin, so tests need no admin screens. */
const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through the Playwright config');
  return url;
};

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base()}/api${path}`, {
    method,
    headers: { ...(await admin()), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const admin = async () => ({ authorization: `Bearer ${await adminAccessToken()}` });

/** The consultation catalogue's admin api (POST '' creates, PATCH '/<id>' changes). */
export const catalogue = <T>(method: 'POST' | 'PATCH', path: string, body: object) => call<T>(method, `/admin/consultations${path}`, body);

export const uniqueSlug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export interface CreatedBlog {
  id: string;
  slug: string;
  title: string;
}
export interface CreatedEvent {
  id: string;
  slug: string;
  title: string;
}

export const createBlog = (fields: Record<string, unknown>) =>
  call<CreatedBlog>('POST', '/blogs', { slug: uniqueSlug('e2e-post'), status: 'published', ...fields });

export const createEvent = (fields: Record<string, unknown>) =>
  call<CreatedEvent>('POST', '/events', {
    slug: uniqueSlug('e2e-event'),
    description: 'An event made by an end-to-end test.',
    location: 'Online',
    start_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    status: 'published',
    ...fields,
  });

export const createPackage = (fields: Record<string, unknown>) =>
  call<{ id: string; slug: string; name: string }>('POST', '/packages', { slug: uniqueSlug('e2e-package'), ...fields });

export async function uploadMedia(bytes: Buffer, filename: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${base()}/api/ipfs/upload-image`, { method: 'POST', headers: await admin(), body: form });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { cid: string }).cid;
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest EBML header that declares a WebM document (enough for type sniffing). */
export const WEBM_HEADER = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
]);
