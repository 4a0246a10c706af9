-- What the api knows of each stored image (decision 044): its dimensions, declared in pages so
-- nothing moves as it loads, and its derived files (srcset widths in AVIF, WebP and a fallback,
-- and the link preview's cover), each stored by its own CID in the media store. `variants` is
-- empty until the background job has made them; the cleaned original is served meanwhile.
CREATE TABLE media_images (
  cid text PRIMARY KEY,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  variants jsonb NOT NULL DEFAULT '[]'::jsonb,
  derived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The image's text alternative, written by the admin; the post's title is only the fallback.
ALTER TABLE blogs ADD COLUMN media_alt text;
