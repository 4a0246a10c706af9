import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { BlogMedia } from './blog-media';

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
