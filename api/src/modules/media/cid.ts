import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';

/** The CIDv1 of some bytes as one raw block (codec 0x55, sha2-256), in base32 ("b…"). */
export async function rawCid(bytes: Uint8Array): Promise<string> {
  return CID.create(1, raw.code, await sha256.digest(bytes)).toString();
}

/** The canonical form of a CID string, or null when it is not one (so paths never carry "../"). */
export function parseCid(text: string): string | null {
  try {
    return CID.parse(text).toV1().toString();
  } catch {
    return null;
  }
}
