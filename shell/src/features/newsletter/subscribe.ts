import { ApiError, apiRequest } from '@site/shared/api-client';
import type { NewsletterRequest } from '@site/shared/contracts/marketing';
import { NEWSLETTER_MESSAGES } from '@site/shared/messages';

export type SubscribeResult = { ok: true } | { ok: false; message: string };

/** The spec's error texts: 409 → already subscribed; else the server's message, else a generic one. */
export async function subscribe(email: string): Promise<SubscribeResult> {
  try {
    await apiRequest('/newsletters', { method: 'POST', body: { email } satisfies NewsletterRequest });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { ok: false, message: NEWSLETTER_MESSAGES.conflict };
    if (error instanceof ApiError && error.serverMessage) return { ok: false, message: error.serverMessage };
    return { ok: false, message: NEWSLETTER_MESSAGES.failure };
  }
}
