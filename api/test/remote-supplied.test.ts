import { describe, expect, it } from 'vitest';
import { ownHeadOf } from '../src/modules/ssr/own-head';
import { originsOf } from '../src/plugins/security-headers';

// What a remote's release supplies to the server (its page head, its address in the live list) is
// its team's code and data: checked, never able to break the page or the policy of the others.
describe("a remote's page head", () => {
  it('is the title and description its module declares', () => {
    expect(ownHeadOf({ head: ({ policy }: { policy: string }) => ({ title: `Our ${policy}`, description: 'Ours.' }) }, { policy: 'terms' })).toEqual({ title: 'Our terms', description: 'Ours.' });
  });

  it('is none when the module declares something else, or its head throws', () => {
    expect(ownHeadOf({ head: () => ({ title: '' }) }, {})).toBeNull();
    expect(ownHeadOf({ head: 'Contact' }, {})).toBeNull();
    expect(ownHeadOf({ head: ({ policy }: { policy: string }) => ({ title: ({} as Record<string, { title: string }>)[policy]!.title }) }, {})).toBeNull();
  });
});

describe('the origins a live remote list allows', () => {
  it('are the http(s) origins of its absolute entries, each once', () => {
    expect(originsOf({ a: 'https://cdn.example.test/mfe/remoteEntry.js', b: 'https://cdn.example.test/other/remoteEntry.js', c: '/releases/x/remoteEntry.js', d: 'http://127.0.0.1:8080/remoteEntry.js' })).toEqual([
      'https://cdn.example.test',
      'http://127.0.0.1:8080',
    ]);
  });

  it('leave out a malformed entry instead of failing or widening the policy', () => {
    expect(originsOf({ a: 'https://cdn.example.test/remoteEntry.js', b: 'https://bad host/remoteEntry.js', c: 'https://[::1', d: 'javascript:alert(1)', e: 42 })).toEqual(['https://cdn.example.test']);
  });
});
