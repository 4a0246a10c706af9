import { useEffect, useState } from 'react';
import { apiRequest } from '@site/shared/api-client';
import type { MediaConfig } from '@site/shared/contracts/content-fields';

const DEFAULT_GATEWAY = '/ipfs/';
let gatewayPromise: Promise<string> | null = null;

/** The media gateway base, asked of the api once per page load (this site's /ipfs/ by default). */
function loadGateway(): Promise<string> {
  gatewayPromise ??= apiRequest<MediaConfig>('/media/config')
    .then((config) => config.gateway_url || DEFAULT_GATEWAY)
    .catch(() => DEFAULT_GATEWAY);
  return gatewayPromise;
}

/** A media reference as a URL: full https URLs (sample data) as is, CIDs through the gateway. */
export function mediaUrl(ref: string, gateway: string): string {
  if (/^https?:\/\//.test(ref)) return ref;
  return `${gateway.endsWith('/') ? gateway : `${gateway}/`}${encodeURIComponent(ref)}`;
}

/** The URL of a media reference, or null until the gateway is known. */
export function useMediaUrl(ref: string | null | undefined): string | null {
  const [gateway, setGateway] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadGateway().then((base) => live && setGateway(base));
    return () => {
      live = false;
    };
  }, []);
  if (!ref) return null;
  if (/^https?:\/\//.test(ref)) return ref;
  return gateway ? mediaUrl(ref, gateway) : null;
}

export const VIDEO_NAME = /\.(mp4|webm|ogg)(?:[?#].*)?$/i;
