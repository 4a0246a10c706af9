/** What an admin list asks for: a 1-based page of `page_size` rows. */
export interface PageRequest {
  page: number;
  page_size: number;
}

/** The rows to skip before the requested page. */
export const offsetOf = ({ page, page_size }: PageRequest) => (page - 1) * page_size;

/** The paged answer: the rows as items, with the total and the page asked for. */
export function pageOf<R, T>({ rows, total }: { rows: R[]; total: number }, { page, page_size }: PageRequest, toItem: (row: R) => T) {
  return { items: rows.map(toItem), total, page, page_size };
}

/** Slug and last change of each public page (for the sitemap). */
export const slugEntries = (rows: { slug: string; updatedAt: Date }[]) => rows.map((row) => ({ slug: row.slug, updated_at: row.updatedAt.toISOString() }));
