import { IST_OFFSET_MS } from '@site/shared/dates';
import type { Event } from '@site/shared/contracts/events';

const DAY = 86_400_000;

/** `inDays` days ahead at `istHour`:00 India time, as the shipped samples (migration 0016). */
function sample(slug: string, title: string, description: string, location: string, inDays: number, hours: number | null, istHour: number): Event {
  const istMidnight = Math.floor((Date.now() + IST_OFFSET_MS) / DAY) * DAY - IST_OFFSET_MS;
  const start = new Date(istMidnight + inDays * DAY + istHour * 3_600_000);
  const iso = start.toISOString();
  return {
    id: slug,
    slug,
    title,
    description,
    location,
    start_time: iso,
    end_time: hours === null ? null : new Date(start.getTime() + hours * 3_600_000).toISOString(),
    registration_deadline: null,
    payment_required: false,
    status: 'published',
    created_by: 'sample',
    created_at: iso,
    updated_at: iso,
    packages_ids: [],
  };
}

/** Shown when live events cannot be loaded or there are none; same slugs as the shipped samples. */
export function sampleEvents(): Event[] {
  return [
    sample('sample-ai-agents-workshop', 'Sample event: AI Agents Workshop', 'Sample content: a hands-on afternoon building a small agent that answers questions about your own documents.', 'Bengaluru and online', 14, 3, 14),
    sample('sample-automation-meetup', 'Sample event: Automation Meetup', 'Sample content: short talks from small teams who automated their back office, followed by open questions.', 'Online', 21, null, 18),
    sample('sample-micro-saas-demo-day', 'Sample event: Micro-SaaS Demo Day', 'Sample content: community members demo the lightweight AI tools they shipped this quarter.', 'Bengaluru', 35, 2, 15),
  ];
}
