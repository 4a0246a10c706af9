import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The flags ../shared/ENVIRONMENT.md gives for Debian's chromium. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return explicit;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? CANDIDATES[0]!;
}

export function assertChromium(): void {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium found at ${path}. Install Debian's package (sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary. The tests never download a browser.',
    );
  }
}
