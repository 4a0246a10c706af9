import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cleanImage, isRasterImage } from './image';
import { createMediaImages, readMedia } from './images';
import type { MediaStore } from './store';
import { mediaImages } from './table';

export interface DeriveReport {
  /** Originals that carried metadata (or were not upright): replaced by their cleaned copy. */
  cleaned: { from: string; to: string }[];
  /** Images whose variants were made now. */
  derived: string[];
  /** Files left as they are, with why. */
  skipped: { cid: string; reason: string }[];
}

/**
 * `media:derive`: cleans every image stored before uploads were cleaned (posts that showed one
 * show its cleaned copy, and the original is removed) and derives the variants of every image
 * that has none. Idempotent: an image noted in media_images is clean, one with `derived_at` is
 * done, so a second run does nothing.
 */
/** Where media are shown (the blog posts): what an image replaced by its cleaned copy changes. */
export interface MediaReferences {
  replaceMedia(from: string, to: string): Promise<void>;
  mentionsMedia(cid: string): Promise<boolean>;
}

export async function deriveStoredMedia(db: Db, store: MediaStore, references: MediaReferences): Promise<DeriveReport> {
  const images = createMediaImages(db, store);
  const report: DeriveReport = { cleaned: [], derived: [], skipped: [] };
  const rows = await db.select({ cid: mediaImages.cid, variants: mediaImages.variants }).from(mediaImages);
  const known = new Set(rows.map((row) => row.cid));
  const variants = new Set(rows.flatMap((row) => row.variants.map((variant) => variant.cid)));

  for (const media of await store.list()) {
    if (known.has(media.cid) || variants.has(media.cid) || !isRasterImage(media.contentType)) continue;
    let clean;
    try {
      clean = await cleanImage(await readMedia(store, media.cid), media.contentType);
    } catch (error) {
      report.skipped.push({ cid: media.cid, reason: (error as Error).message });
      continue;
    }
    const stored = await store.put(clean.bytes, clean.contentType);
    await images.record(stored.cid, clean.width, clean.height);
    known.add(stored.cid);
    if (stored.cid === media.cid) continue;
    await references.replaceMedia(media.cid, stored.cid);
    // A post's text may still show the original; then it stays.
    if (!(await references.mentionsMedia(media.cid))) await store.remove(media.cid);
    report.cleaned.push({ from: media.cid, to: stored.cid });
  }

  const pending = await db.select({ cid: mediaImages.cid }).from(mediaImages).where(sql`${mediaImages.derivedAt} IS NULL`);
  for (const { cid } of pending) {
    if (!(await store.info(cid))) {
      report.skipped.push({ cid, reason: 'not in the store' });
      continue;
    }
    if (await images.derive(cid)) report.derived.push(cid);
  }
  return report;
}
