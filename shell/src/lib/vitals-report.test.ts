import { describe, expect, it } from 'vitest';
import type { ClientErrorQueue } from '@site/shared/client-errors';
import { createReporter, sampled, versionOfUrl, type PageFacts } from './vitals-report';

const VERSION = '20260101T000000000Z-0123456789ab';
const facts: PageFacts = { route: '/blog/:slug', remotes: { shell: 'build', 'mfe-community': VERSION }, owner: 'mfe-community' };

function setUp() {
  const sent: unknown[] = [];
  const errors: ClientErrorQueue = [];
  const reporter = createReporter(() => facts, (body) => sent.push(JSON.parse(body)), errors);
  return { sent, errors, reporter };
}

describe("the visitor-signals beacon", () => {
  it('sends nothing until the page is hidden, then the whole page view in one beacon', () => {
    const { sent, errors, reporter } = setUp();
    reporter.observe('TTFB', 180);
    reporter.observe('LCP', 1234.56789);
    reporter.observe('CLS', 0.012345);
    reporter.observe('INP', 72);
    errors.push('mfe-community', null, 'mfe-admin');
    expect(sent).toEqual([]);

    reporter.flush();
    expect(sent).toEqual([
      {
        views: [
          {
            route: '/blog/:slug',
            remotes: { shell: 'build', 'mfe-community': VERSION },
            ttfb: 0.18,
            lcp: 1.2346,
            cls: 0.0123,
            inp: 0.072,
            // An unclaimed error, and one of a front end not on the page, go to the page's own remote.
            errors: { 'mfe-community': 3 },
          },
        ],
      },
    ]);
    expect(errors).toEqual([]);
  });

  it('sends one beacon per page view: hiding the page again sends nothing more', () => {
    const { sent, reporter } = setUp();
    reporter.observe('LCP', 900);
    reporter.flush();
    reporter.observe('CLS', 0.3);
    reporter.flush();
    expect(sent).toHaveLength(1);
  });

  it('sends a view without signals or errors as a bare visit, and ignores values that are not numbers', () => {
    const { sent, reporter } = setUp();
    reporter.observe('LCP', Number.NaN);
    reporter.observe('INP', -5);
    reporter.flush();
    expect(sent).toEqual([{ views: [{ route: '/blog/:slug', remotes: facts.remotes }] }]);
  });

  it('reports the share of visits the setting asks for', () => {
    const draws = Array.from({ length: 1000 }, (_, i) => i / 1000);
    expect(draws.filter((draw) => sampled(1, () => draw))).toHaveLength(1000);
    expect(draws.filter((draw) => sampled(0.25, () => draw))).toHaveLength(250);
    expect(draws.filter((draw) => sampled(0, () => draw))).toHaveLength(0);
  });

  it("reads a front end's version from its release folder, else its own build", () => {
    expect(versionOfUrl(`/releases/mfe-community/${VERSION}/remoteEntry.js`)).toBe(VERSION);
    expect(versionOfUrl(`/releases/shell/${VERSION}/`)).toBe(VERSION);
    expect(versionOfUrl('/remotes/mfe-community/remoteEntry.js')).toBe('build');
    expect(versionOfUrl('/')).toBe('build');
  });
});
