import { describe, expect, it } from 'vitest';
import { plainText, preview } from './preview';

describe('card previews', () => {
  it('keeps words apart across paragraphs and line breaks', () => {
    expect(plainText('<p>First paragraph.</p><p>Second one.</p>')).toBe('First paragraph. Second one.');
    expect(plainText('Line one<br>Line two<br/>three')).toBe('Line one Line two three');
    expect(plainText('<h2>Title</h2><ul><li>a</li><li>b</li></ul>')).toBe('Title a b');
  });

  it('cuts at 150 characters with an ellipsis', () => {
    const long = `<p>${'word '.repeat(60)}</p>`;
    const result = preview(long);
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(151);
    expect(preview('<p>short</p>')).toBe('short');
  });

  it('never runs markup', () => {
    expect(plainText('<img src=x onerror="window.__ran=1"><script>window.__ran=2</script><style>p{}</style>ok')).toBe('ok');
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
  });
});
