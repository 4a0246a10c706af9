import { boolean, date, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0023_availability.sql: working hours per ISO weekday, minutes of the IST day. */
export const availabilityWeekdays = pgTable('availability_weekdays', {
  weekday: smallint('weekday').primaryKey(),
  isOn: boolean('is_on').notNull().default(true),
  // The spec's bookable window, 9:00 to 18:00 IST, until the admin says otherwise.
  firstStart: smallint('first_start').notNull().default(540),
  lastStart: smallint('last_start').notNull().default(1080),
});
export type WeekdayRow = typeof availabilityWeekdays.$inferSelect;

/** The one row of rules besides the hours. */
export const availabilityRules = pgTable('availability_rules', {
  id: boolean('id').primaryKey().default(true),
  noticeMinutes: integer('notice_minutes').notNull().default(720),
  bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(15),
  bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(15),
  dailyCap: integer('daily_cap'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type RulesRow = typeof availabilityRules.$inferSelect;

/** A date (IST) whose hours differ from its weekday's. */
export const availabilityOverrides = pgTable('availability_overrides', {
  day: date('day', { mode: 'string' }).primaryKey(),
  isOff: boolean('is_off').notNull(),
  firstStart: smallint('first_start'),
  lastStart: smallint('last_start'),
  note: text('note').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type OverrideRow = typeof availabilityOverrides.$inferSelect;

/** Mirrors migrations/0024_calendar_feeds.sql: the consultant's own calendars, by secret address. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  /** The last attempt; `fetchedAt` the last good one; `lastError` null when the last attempt was good. */
  checkedAt: at('checked_at'),
  fetchedAt: at('fetched_at'),
  lastError: text('last_error'),
  busyCount: integer('busy_count').notNull().default(0),
});
export type FeedRow = typeof calendarFeeds.$inferSelect;

/** The busy times of each feed's last good fetch. */
export const calendarFeedBusy = pgTable('calendar_feed_busy', {
  feedId: uuid('feed_id').notNull(),
  startAt: at('start_at').notNull(),
  endAt: at('end_at').notNull(),
});
