import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { RestoreRefused } from './restore';

/**
 * A digest of the manifest keyed with BACKUP_KEY (HMAC-SHA256), the archive's second entry. The
 * manifest holds the SHA-256 or CID of every other entry, so the digest vouches for the whole
 * archive: only a holder of the identity made it. age alone cannot say so (anyone with the
 * recipient can encrypt to it). A recipient (age1…) is public: a site that holds only the recipient
 * makes archives without a digest, which a restore takes only with --allow-unsigned (decision 043).
 */
export const MANIFEST_DIGEST_ENTRY = 'manifest.hmac';

/** The digest's key, derived from an age identity; null for a recipient or no key. */
export function digestKeyOf(backupKey: string | undefined): Buffer | null {
  if (!backupKey?.startsWith('AGE-SECRET-KEY-')) return null;
  return Buffer.from(hkdfSync('sha256', backupKey, Buffer.alloc(0), 'site-backup manifest digest', 32));
}

export const manifestDigest = (key: Buffer, manifest: Buffer): Buffer => createHmac('sha256', key).update(manifest).digest();

export interface DigestCheck {
  /** The key the archive's digest must be made with (from BACKUP_KEY), or null: nothing to check. */
  key: Buffer | null;
  /** Take an archive without a digest (made with the recipient alone, or elsewhere). */
  allowUnsigned: boolean;
}

/** Refuses, in words, an archive whose digest is missing or not made with the key. */
export function checkDigest(check: DigestCheck, manifest: Buffer, digest: Buffer | undefined): void {
  if (!check.key) return;
  if (!digest) {
    if (check.allowUnsigned) return;
    throw new RestoreRefused(
      'This archive carries no digest keyed with BACKUP_KEY, so it cannot be told from one made by anyone who knows the recipient: it was made with the recipient alone (age1…) or elsewhere. Restore it with --allow-unsigned only if you know where it came from.',
    );
  }
  const expected = manifestDigest(check.key, manifest);
  if (digest.byteLength !== expected.byteLength || !timingSafeEqual(digest, expected)) {
    throw new RestoreRefused("This archive's digest does not match BACKUP_KEY: it was changed after it was made, or made with another key. Nothing was restored.");
  }
}
