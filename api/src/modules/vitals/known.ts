import { REMOTES } from '@site/shared/remotes';
import { RELEASABLE } from '../releases/store';

/** The version a front end reports while its own build (not a release) is live. */
export const OWN_BUILD = 'build';

/** A page whose path no remote route matches (the shell's own pages, a 404). */
export const OTHER_ROUTE = '(other)';

/** The route patterns a beacon may name: the shell's route table, and one label for the rest. */
export const ROUTE_PATTERNS: ReadonlySet<string> = new Set([...Object.values(REMOTES).flatMap((remote) => Object.keys(remote.routes)), OTHER_ROUTE]);

/** The front ends a beacon may name, by package folder (`shell`, `mfe-marketing`). */
export const FRONT_ENDS: ReadonlySet<string> = new Set(RELEASABLE);

/** How long the kept versions are trusted before they are read again. */
const FRESH_MS = 5_000;

/**
 * The versions of each front end pages may be running: its own build and every release still kept
 * (a page opened on one keeps reporting it). Read from the releases at most every few seconds.
 */
export class KnownVersions {
  private known: { at: number; versions: Map<string, Set<string>>; ownBuilds: Map<string, string | null> } | undefined;
  private loading: Promise<NonNullable<KnownVersions['known']>> | undefined;

  constructor(
    private readonly releasesOf: (remote: string) => Promise<{ version: string }[]>,
    /** The release a front end's own build was kept as (release zero), when it was. */
    private readonly ownBuildOf: (remote: string) => Promise<string | null> = async () => null,
  ) {}

  private async read(): Promise<NonNullable<KnownVersions['known']>> {
    if (this.known && Date.now() - this.known.at < FRESH_MS) return this.known;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  async all(): Promise<Map<string, Set<string>>> {
    return (await this.read()).versions;
  }

  async has(remote: string, version: string): Promise<boolean> {
    return (await this.all()).get(remote)?.has(version) ?? false;
  }

  /**
   * The version a page's report counts under: an own build's is its release zero's, so that the
   * live release (release zero, before any other) and the pages made of it are one line.
   */
  async countedAs(remote: string, version: string): Promise<string> {
    return version === OWN_BUILD ? ((await this.read()).ownBuilds.get(remote) ?? OWN_BUILD) : version;
  }

  private async load(): Promise<NonNullable<KnownVersions['known']>> {
    const versions = new Map<string, Set<string>>();
    const ownBuilds = new Map<string, string | null>();
    for (const remote of FRONT_ENDS) {
      versions.set(remote, new Set([OWN_BUILD, ...(await this.releasesOf(remote)).map((release) => release.version)]));
      ownBuilds.set(remote, await this.ownBuildOf(remote));
    }
    this.known = { at: Date.now(), versions, ownBuilds };
    return this.known;
  }
}
