-- Community content: blogs, events and packages (spec section 3).
-- Statuses are CHECK-constrained text rather than enums so that adding a value is a plain ALTER.
-- author_id / created_by hold the access token's subject; deliberately no foreign key to users.

CREATE TABLE blogs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  content text NOT NULL,
  summary text,
  media_cid text,
  author_id uuid NOT NULL,
  published_at timestamptz,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  views_count integer NOT NULL DEFAULT 0 CHECK (views_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX blogs_status_published_at_idx ON blogs (status, published_at DESC);

CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  slug text NOT NULL UNIQUE,
  description text NOT NULL,
  location text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  registration_deadline timestamptz,
  payment_required boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'cancelled', 'completed')),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  packages_ids uuid[] NOT NULL DEFAULT '{}',
  CHECK (end_time IS NULL OR end_time >= start_time)
);
CREATE INDEX events_status_start_time_idx ON events (status, start_time);

CREATE TABLE packages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  description text,
  price numeric(10, 2) NOT NULL CHECK (price >= 0),
  duration_days integer CHECK (duration_days >= 0),
  is_active boolean NOT NULL DEFAULT true,
  package_type text NOT NULL CHECK (package_type IN ('subscription', 'event')),
  event_id uuid REFERENCES events (id),
  capacity integer CHECK (capacity >= 1),
  package_registration_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (package_type = 'event' AND event_id IS NOT NULL AND capacity IS NOT NULL)
    OR (package_type = 'subscription' AND duration_days IS NOT NULL AND event_id IS NULL
        AND capacity IS NULL AND package_registration_deadline IS NULL)
  )
);
CREATE INDEX packages_event_id_idx ON packages (event_id);

-- Sample content, so a fresh install's community pages are not empty. Marked as samples in the
-- visible text; dates are relative to the install so the events are upcoming. The media CIDs are
-- those of api/assets/sample-media/*.svg, which the media module puts in the store at start.
INSERT INTO blogs (id, slug, title, summary, content, media_cid, author_id, status, published_at, created_at) VALUES
  ('5a3c1d2e-0001-4a00-8000-000000000001', 'sample-getting-started-with-ai-agents',
   'Sample post: Getting started with AI agents',
   'Sample content: a short tour of what an AI agent is and where a small team can start.',
   '<p><strong>This is sample content</strong> shipped with a fresh install.</p><h2>What is an agent?</h2><p>An AI agent is a program that plans small steps, calls tools and checks its own results. For a small team, the best first agent does one boring task well.</p><ul><li>Pick one repetitive workflow.</li><li>Give the agent read-only tools first.</li><li>Measure the time it saves every week.</li></ul>',
   'bafkreicvp7an33uyljmjnv7djqsvi2oqybza3fz4cdo5w6knvt2mv7b2xy', '00000000-0000-4000-8000-000000000000', 'published',
   now() - interval '3 days', now() - interval '3 days'),
  ('5a3c1d2e-0001-4a00-8000-000000000002', 'sample-automation-checklist',
   'Sample post: A five-point automation checklist',
   'Sample content: questions to answer before you automate a process.',
   '<p><strong>This is sample content</strong> shipped with a fresh install.</p><ol><li>Is the process stable?</li><li>Who owns the outcome?</li><li>What happens when it fails?</li><li>How will you know it works?</li><li>What does it cost by hand today?</li></ol>',
   'bafkreicdwo4232y4e6lvdaksqwllhszdb2t3pj44gpgrhriwrbsvjvvuja', '00000000-0000-4000-8000-000000000000', 'published',
   now() - interval '2 days', now() - interval '2 days'),
  ('5a3c1d2e-0001-4a00-8000-000000000003', 'sample-micro-saas-ideas',
   'Sample post: Micro-SaaS ideas for lean teams',
   NULL,
   '<p><strong>This is sample content</strong> shipped with a fresh install.</p><p>Lightweight AI apps win when they solve one narrow problem for a clear audience: summarising support tickets, drafting proposals or tagging invoices.</p>',
   NULL, '00000000-0000-4000-8000-000000000000', 'published',
   now() - interval '1 day', now() - interval '1 day');

INSERT INTO events (id, slug, title, description, location, start_time, end_time, registration_deadline, payment_required, status, created_by, packages_ids) VALUES
  ('5a3c1d2e-0002-4a00-8000-000000000001', 'sample-ai-agents-workshop', 'Sample event: AI Agents Workshop',
   'Sample content: a hands-on afternoon building a small agent that answers questions about your own documents.',
   'Bengaluru and online', date_trunc('hour', now()) + interval '14 days', date_trunc('hour', now()) + interval '14 days 3 hours',
   date_trunc('hour', now()) + interval '12 days', true, 'published', '00000000-0000-4000-8000-000000000000',
   ARRAY['5a3c1d2e-0003-4a00-8000-000000000002']::uuid[]),
  ('5a3c1d2e-0002-4a00-8000-000000000002', 'sample-automation-meetup', 'Sample event: Automation Meetup',
   'Sample content: short talks from small teams who automated their back office, followed by open questions.',
   'Online', date_trunc('hour', now()) + interval '21 days', NULL, NULL, false, 'published',
   '00000000-0000-4000-8000-000000000000', '{}'),
  ('5a3c1d2e-0002-4a00-8000-000000000003', 'sample-micro-saas-demo-day', 'Sample event: Micro-SaaS Demo Day',
   'Sample content: community members demo the lightweight AI tools they shipped this quarter.',
   'Bengaluru', date_trunc('hour', now()) + interval '35 days', date_trunc('hour', now()) + interval '35 days 2 hours',
   NULL, false, 'published', '00000000-0000-4000-8000-000000000000', '{}');

INSERT INTO packages (id, slug, name, description, price, duration_days, is_active, package_type, event_id, capacity, package_registration_deadline) VALUES
  ('5a3c1d2e-0003-4a00-8000-000000000001', 'sample-community-membership', 'Sample package: Community Membership',
   'Sample content: a month of community office hours and early access to events.', 499.00, 30, true, 'subscription', NULL, NULL, NULL),
  ('5a3c1d2e-0003-4a00-8000-000000000002', 'sample-ai-agents-workshop-ticket', 'Sample package: AI Agents Workshop Ticket',
   'Sample content: one seat at the AI Agents Workshop.', 999.00, NULL, true, 'event',
   '5a3c1d2e-0002-4a00-8000-000000000001', 30, date_trunc('hour', now()) + interval '12 days');
