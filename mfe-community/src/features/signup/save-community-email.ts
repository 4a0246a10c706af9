/** The localStorage key of this browser's community sign-ups (SPEC). */
export const COMMUNITY_EMAILS_KEY = 'community-emails';

export interface CommunityEmailEntry {
  email: string;
  timestamp: string;
}

/** Community sign-ups stay in this browser only (spec): appended to a list in localStorage. */
export function saveCommunityEmail(email: string, now = new Date()): CommunityEmailEntry {
  const raw = window.localStorage.getItem(COMMUNITY_EMAILS_KEY);
  let entries: CommunityEmailEntry[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) entries = parsed as CommunityEmailEntry[];
  } catch {
    // A corrupt value is replaced rather than blocking new sign-ups.
  }
  const entry = { email, timestamp: now.toISOString() };
  window.localStorage.setItem(COMMUNITY_EMAILS_KEY, JSON.stringify([...entries, entry]));
  return entry;
}
