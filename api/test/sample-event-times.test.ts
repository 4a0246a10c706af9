import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';

/** The IST wall-clock hour and minute of an instant. */
const istTime = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(11, 16);

describe.each(testDatabases())('sample event times on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('starts the sample events at their India times: the afternoon workshop at 2 PM, not in the early morning', async () => {
    const events = (await app.inject({ method: 'GET', url: '/api/events' })).json() as { slug: string; start_time: string; end_time: string | null }[];
    const bySlug = new Map(events.map((event) => [event.slug, event]));
    const workshop = bySlug.get('sample-ai-agents-workshop')!;
    expect(istTime(workshop.start_time)).toBe('14:00');
    expect(istTime(workshop.end_time!)).toBe('17:00');
    expect(istTime(bySlug.get('sample-automation-meetup')!.start_time)).toBe('18:00');
    expect(istTime(bySlug.get('sample-micro-saas-demo-day')!.start_time)).toBe('15:00');
    expect(Date.parse(workshop.start_time)).toBeGreaterThan(Date.now() + 12 * 86_400_000);
  });
});
