-- The link between an event and its packages is kept once, in packages.event_id; an event's
-- packages_ids is derived from it when the event is read.
ALTER TABLE events DROP COLUMN packages_ids;
