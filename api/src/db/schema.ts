import { appSettings } from './tables';
import { blogs } from '../modules/blogs/table';
import { events } from '../modules/events/table';
import { packages } from '../modules/packages/table';

/** Every table, for Drizzle's relational queries. Modules add theirs here. */
export const schema = { appSettings, blogs, events, packages };
export type Schema = typeof schema;
