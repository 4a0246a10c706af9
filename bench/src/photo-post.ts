// A blog post whose cover is a 3024×2016 phone photo (issue 30's Lighthouse page): uploaded
// through the api as an admin would, published, and returned once its variants are made.
import sharp from 'sharp';
import { waitFor } from './harness';

export const BENCH_ADMIN = { ADMIN_USERNAME: 'bench-admin', ADMIN_EMAIL: 'bench-admin@example.com', ADMIN_PASSWORD: 'bench-admin-password' };

export async function photoPostPath(baseUrl: string): Promise<string[]> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN.ADMIN_USERNAME, password: BENCH_ADMIN.ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  const authorization = `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`;
  // Softened noise compresses like a photo (~1.2 MB here), with a GPS position the upload removes.
  const photo = await sharp({ create: { width: 3024, height: 2016, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 45 } } })
    .blur(2.5)
    .jpeg({ quality: 88 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' } })
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await fetch(`${baseUrl}/api/ipfs/upload-image`, { method: 'POST', headers: { authorization }, body: form });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
  const { cid } = (await upload.json()) as { cid: string };
  const slug = `bench-photo-${Date.now()}`;
  const created = await fetch(`${baseUrl}/api/blogs`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'A phone photo', slug, content: '<p>A post whose cover is a 3024×2016 photo.</p>', media_cid: cid, media_alt: 'A phone photo', status: 'published' }),
  });
  if (created.status !== 201) throw new Error(`creating the post answered ${created.status}`);
  await waitFor(120_000, async () => {
    const [post] = (await (await fetch(`${baseUrl}/api/blogs/search?field=slug&value=${slug}`)).json()) as { media_image: { variants: unknown[] } | null }[];
    return (post?.media_image?.variants.length ?? 0) > 0;
  });
  return [`/blog/${slug}`];
}
