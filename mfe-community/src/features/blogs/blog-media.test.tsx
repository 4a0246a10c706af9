import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { BlogMedia, BlogThumbnail } from './blog-media';

const CID = 'bafkreicvp7an33uyljmjnv7djqsvi2oqybza3fz4cdo5w6knvt2mv7b2xy';

describe('blog media', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  // Shown at the first render from the post's media_type: nothing is fetched to decide, so
  // nothing appears later above the content.
  it('renders a video for a CID the api calls a video, at once and without a request', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { container } = render(<BlogMedia mediaRef={CID} mediaType="video" title="Clip" />);
    expect(container.querySelector('video')?.getAttribute('src')).toBe(`/ipfs/${CID}`);
    expect(container.querySelector('img')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders an image from this site\'s own /ipfs/ for an image CID', () => {
    const { getByRole } = render(<BlogMedia mediaRef={CID} mediaType="image" title="Pictured" />);
    expect(getByRole('img', { name: 'Pictured' }).getAttribute('src')).toBe(`/ipfs/${CID}`);
  });

  it('falls back to the spec\'s file-name rule when media_type is missing', () => {
    const video = render(<BlogMedia mediaRef="https://media.example/clip.webm" title="Clip" />);
    expect(video.container.querySelector('video')).not.toBeNull();
    cleanup();
    const image = render(<BlogMedia mediaRef="https://media.example/photo.png" title="Photo" />);
    expect(image.container.querySelector('img')).not.toBeNull();
  });
});

describe('blog images with derived files', () => {
  afterEach(() => cleanup());
  const variant = (format: 'avif' | 'webp' | 'jpeg', width: number) => ({ kind: 'srcset' as const, format, width, height: width * 2, cid: `b${format}${width}`, size: 1000 });
  const image = {
    width: 900,
    height: 1800,
    variants: [320, 640, 900].flatMap((width) => [variant('avif', width), variant('webp', width), variant('jpeg', width)]),
  };

  it('offers AVIF and WebP srcsets with sizes, declares its dimensions and comes first on the page', () => {
    const { container, getByRole } = render(<BlogMedia mediaRef={CID} mediaType="image" title="Title" image={image} alt="A harbour at dawn" />);
    const img = getByRole('img', { name: 'A harbour at dawn' });
    expect(img.getAttribute('width')).toBe('900');
    expect(img.getAttribute('height')).toBe('1800');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBeNull();
    expect(img.getAttribute('src')).toBe(`/ipfs/${CID}`);
    expect(img.getAttribute('srcset')).toBe('/ipfs/bjpeg320 320w, /ipfs/bjpeg640 640w, /ipfs/bjpeg900 900w');
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe('/ipfs/bavif320 320w, /ipfs/bavif640 640w, /ipfs/bavif900 900w');
    expect(sources[0]!.getAttribute('sizes')).toContain('100vw');
  });

  it('lazy-loads a card\'s picture, which is decorative', () => {
    const { container } = render(<BlogThumbnail mediaRef={CID} image={image} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('');
    expect(container.querySelectorAll('picture source')).toHaveLength(2);
    // Most of a phone's width below the phone breakpoint, a carousel card's 400px above it.
    expect(img.getAttribute('sizes')).toBe('(max-width: 767.98px) 90vw, 400px');
  });

  it('uses the title when no alt text was written', () => {
    const { getByRole } = render(<BlogMedia mediaRef={CID} mediaType="image" title="Harbour" image={image} alt={null} />);
    expect(getByRole('img', { name: 'Harbour' })).toBeTruthy();
  });
});
