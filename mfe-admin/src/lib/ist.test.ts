import { describe, expect, it } from 'vitest';
import { formatIst, fromIstInput, toIstInput } from './ist';

describe('IST entry', () => {
  it('reads an input value as IST', () => {
    expect(fromIstInput('2026-03-01T10:30')).toBe('2026-03-01T05:00:00.000Z');
  });
  it('round-trips through the input', () => {
    expect(toIstInput('2026-03-01T05:00:00.000Z')).toBe('2026-03-01T10:30');
    expect(fromIstInput(toIstInput('2026-12-31T20:15:00.000Z'))).toBe('2026-12-31T20:15:00.000Z');
  });
  it('refuses empty or malformed values', () => {
    expect(fromIstInput('')).toBeNull();
    expect(fromIstInput('2026-03-01')).toBeNull();
    expect(toIstInput(null)).toBe('');
  });
  it('labels displayed times', () => {
    expect(formatIst('2026-03-01T05:00:00.000Z')).toMatch(/10:30.*IST$/);
  });
});
