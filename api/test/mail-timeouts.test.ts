import { expect, it } from 'vitest';
import { SEND_TIMEOUT_SECONDS } from '../src/modules/mail/queue';
import { SMTP_TIMEOUTS_MS } from '../src/modules/mail/service';

it('an SMTP attempt gives up before its job expires, and a crashed attempt is retried within about a minute', () => {
  const longestAttemptSeconds = (SMTP_TIMEOUTS_MS.connectionTimeout + SMTP_TIMEOUTS_MS.greetingTimeout + SMTP_TIMEOUTS_MS.socketTimeout) / 1000;
  expect(longestAttemptSeconds).toBeLessThan(SEND_TIMEOUT_SECONDS);
  expect(SEND_TIMEOUT_SECONDS).toBeLessThanOrEqual(60);
});
