import type { Config } from '../../config';

/** Tells the other instances that a remote's live release changed (PostgreSQL: see decision 057). */
export async function announceRelease(_config: Config, _remote: string, _version: string): Promise<void> {}
