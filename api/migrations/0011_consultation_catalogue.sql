-- The consultation catalogue becomes its own module (issue 25): its rows are the only source of
-- the packages and their prices, edited by admins. Seeded once here with the spec's packages (the
-- same ids the api used to seed at every start, so existing databases keep their rows and orders).
ALTER TABLE consultation_packages ALTER COLUMN id SET DEFAULT gen_random_uuid();

INSERT INTO consultation_packages (id, name, description, price_paise, duration_minutes, benefits, badge, position) VALUES
  ('6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01', 'Starter Strategy Call',
   'A focused call to find where AI can save your team the most time.', 120000, 45,
   '["Review of your current workflow", "Three high-impact AI opportunities", "Tool and cost recommendations", "Written summary within 24 hours"]'::jsonb,
   'Most Popular', 0),
  ('9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12', 'AI Readiness Audit',
   'A deeper look at your data, processes and stack before you build.', 210000, 90,
   '["Data and process readiness check", "Prioritised automation roadmap", "Build-vs-buy analysis", "Follow-up Q&A by e-mail for a week"]'::jsonb,
   NULL, 1),
  ('c4a8e2d9-7f15-4b3a-8e6c-1a9d5b2f0c23', 'Custom AI Roadmap',
   'A tailored engagement for teams ready to ship AI across the business.', NULL, 0,
   '["Workshops with your team", "Architecture and vendor selection", "Pilot build plan with milestones", "Ongoing advisory options"]'::jsonb,
   NULL, 2)
ON CONFLICT (id) DO NOTHING;
