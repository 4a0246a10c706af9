-- Each paid consultation's own meeting room (a Jitsi room under the admin's base address, or the
-- Google Meet of its calendar event); an admin may replace it. Two bookings never share one.
ALTER TABLE orders ADD COLUMN meeting_url text CHECK (char_length(meeting_url) <= 500);
CREATE UNIQUE INDEX orders_meeting_url_key ON orders (meeting_url) WHERE meeting_url IS NOT NULL;
