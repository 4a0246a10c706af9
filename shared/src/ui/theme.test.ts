import { describe, expect, it } from 'vitest';
import { BREAKPOINT, theme } from './theme';

describe('theme', () => {
  it('ends each media query just below its breakpoint, the one the scripts read', () => {
    expect(BREAKPOINT).toEqual({ mobile: 768, menu: 1024 });
    expect(theme.media.mobile).toBe('(max-width: 767.98px)');
    expect(theme.media.belowMenu).toBe('(max-width: 1023.98px)');
  });
});
