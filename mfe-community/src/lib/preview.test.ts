import { describe, expect, it, vi } from 'vitest';
import { blogExcerpt, plainText, preview } from './preview';

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

describe('previews rendered on the server', () => {
  // Stored HTML as the api's sanitizer leaves it: plain tags, escaped text, a few entities.
  const samples = [
    '<p>Tom &amp; Jerry &lt;3 &quot;quotes&quot; &#39;single&#39;</p><p>Next&nbsp;part</p>',
    '<h2>Title</h2><ul><li>a</li><li>b</li></ul><blockquote>said</blockquote>',
    '<p>Emoji &#x1F600; and &#169; and <strong>bold</strong><br>line</p><!-- note -->',
    'Plain text without tags',
  ];

  it.each(samples)('reads %s as the browser does', (html) => {
    const inBrowser = plainText(html);
    vi.stubGlobal('DOMParser', undefined);
    try {
      expect(plainText(html)).toBe(inBrowser);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a blog card shows the post's summary when it has one", () => {
    expect(blogExcerpt({ summary: 'What agents do for a small team.', content: '<h2>Intro</h2><p>Body.</p>' })).toBe('What agents do for a small team.');
  });

  it('without a summary, leaves out headings and ends each list item so items do not run together', () => {
    expect(blogExcerpt({ summary: null, content: '<h2>Why agents</h2><p>Three uses:</p><ul><li>Triage mail</li><li><strong>Draft replies</strong></li><li>Done already.</li></ul>' })).toBe(
      'Three uses: Triage mail. Draft replies. Done already.',
    );
  });
});
