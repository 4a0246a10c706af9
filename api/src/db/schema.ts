import { appSettings } from './tables';
import { contactMessages } from '../modules/contacts/table';
import { newsletterSubscriptions } from '../modules/newsletters/table';

/** Every table, for Drizzle's relational queries. Modules add theirs here. */
export const schema = { appSettings, contactMessages, newsletterSubscriptions };
export type Schema = typeof schema;
