/**
 * Photos as a volunteer adds them: a phone's JPEG (with EXIF) in Markdown becomes AVIF, WebP
 * and JPEG at the site's widths in a <picture>, with no metadata left; the second build takes
 * every file from the disk cache and does no sharp work (the counter is printed); a file that
 * is not an image, or is missing, is a content error at the page's line. The build counts the
 * photos it has processed, for the CLI's progress line.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { photoWork } from '../../generator/images/photos.ts';
import { buildErrors, buildFixture, fixtureSite, text } from '../support/fixture-site.ts';

let dir: string;
const cacheDir = path.join(os.tmpdir(), `clubsite-photos-${process.pid}`);

const page = (images: string) => `---\ntitle: Photos\ndescription: Two photos.\n---\n\nIntro text.\n\n${images}\n`;

beforeAll(async () => {
  dir = await fixtureSite('mini');
  const index = path.join(dir, 'layouts/site.tsx');
  const source = await readFile(index, 'utf8');
  await writeFile(
    index,
    source.replace(
      "  styles: 'styles/site.css',\n",
      "  styles: 'styles/site.css',\n  photos: { widths: [320, 640, 2000], sizes: '100vw' },\n",
    ),
  );
  // A phone photo: 900 px wide, with the camera's EXIF and a GPS position.
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Phone', Artist: 'Volunteer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '58/1 8/1 0/1' },
    })
    .toBuffer();
  await writeFile(path.join(dir, 'data/images/pool.jpg'), photo);
  await writeFile(
    path.join(dir, 'data/images/lane.png'),
    await sharp({ create: { width: 400, height: 300, channels: 4, background: '#ffcc00' } })
      .png()
      .toBuffer(),
  );
  await writeFile(
    path.join(dir, 'data/routes/bilder.md'),
    page('![The pool](images/pool.jpg)\n\n![A lane](images/lane.png)'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

describe('photos', () => {
  test('a JPEG and a PNG become a <picture> of AVIF, WebP and the original format, the first one eager and high priority', async () => {
    const before = photoWork.sharpCalls;
    const progress: string[] = [];
    const result = await buildFixture(dir, {
      imageCache: cacheDir,
      onProgress: (stage, done, total) => progress.push(`${stage} ${done}/${total}`),
    });
    const first = photoWork.sharpCalls - before;
    expect(progress.filter((line) => line.startsWith('images'))).toEqual(['images 1/2', 'images 2/2']);
    console.log(`first build: ${first} sharp calls`);
    expect(first).toBeGreaterThan(0);
    const html = text(result, 'bilder/index.html');
    const pictures = [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((match) => match[1] ?? '');
    expect(pictures).toHaveLength(2);
    const [pool, lane] = pictures as [string, string];
    expect(pool).toMatch(
      /<source type="image\/avif" srcset="\/assets\/pool-320w-\w+\.avif 320w, \/assets\/pool-640w-\w+\.avif 640w, \/assets\/pool-900w-\w+\.avif 900w" sizes="100vw">/,
    );
    expect(pool).toMatch(/<source type="image\/webp" srcset="[^"]*pool-900w-\w+\.webp 900w"/);
    expect(pool).toMatch(
      /<img src="\/assets\/pool-900w-\w+\.jpg" srcset="[^"]*" sizes="100vw" width="900" height="600" alt="The pool" fetchpriority="high" decoding="async">/,
    );
    expect(lane).toMatch(
      /<img src="\/assets\/lane-400w-\w+\.png" [^>]*width="400" height="300" alt="A lane" loading="lazy" decoding="async">/,
    );
    for (const url of [...pool.matchAll(/\/assets\/[^" ]+/g)].map((match) => match[0])) {
      const bytes = result.files.get(url.slice(1));
      expect(bytes, url).toBeInstanceOf(Uint8Array);
      const meta = await sharp(bytes as Uint8Array).metadata();
      expect(meta.exif, `${url} has EXIF`).toBeUndefined();
    }
    const jpeg = result.files.get(/src="\/(assets\/pool-900w-\w+\.jpg)"/.exec(pool)![1]!) as Uint8Array;
    expect(jpeg.byteLength).toBeLessThan(60_000);
    expect(Buffer.from(jpeg).includes('Volunteer')).toBe(false);
    expect((await readdir(cacheDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  test('the second build takes every photo from the disk cache: no sharp work, the same bytes', async () => {
    const first = await buildFixture(dir, { imageCache: cacheDir });
    const before = photoWork.sharpCalls;
    const second = await buildFixture(dir, { imageCache: cacheDir });
    console.log(`second build: ${photoWork.sharpCalls - before} sharp calls`);
    expect(photoWork.sharpCalls - before).toBe(0);
    const photos = [...second.files.keys()].filter((file) => /^assets\/(pool|lane)-/.test(file));
    expect(photos.length).toBe(3 * 3 + 2 * 3); // pool at 320, 640, 900 px; lane at 320, 400 px; each AVIF, WebP and its own format
    for (const file of photos)
      expect(
        Buffer.from(second.files.get(file) as Uint8Array).equals(Buffer.from(first.files.get(file) as Uint8Array)),
      ).toBe(true);
  }, 120_000);

  test('a file that is not an image, and a photo that is missing, are content errors at their line', async () => {
    const broken = await fixtureSite('mini', {
      'data/routes/bilder.md': page('![Fake](images/fake.jpg)\n\n![Gone](images/gone.jpg)'),
    });
    // A JPEG's first bytes and then nothing a decoder can read (a half-downloaded photo).
    await writeFile(
      path.join(broken, 'data/images/fake.jpg'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(' the rest never arrived')]),
    );
    const index = path.join(broken, 'layouts/site.tsx');
    await writeFile(
      index,
      (await readFile(index, 'utf8')).replace(
        "  styles: 'styles/site.css',\n",
        "  styles: 'styles/site.css',\n  photos: { widths: [320], sizes: '100vw' },\n",
      ),
    );
    const errors = await buildErrors(broken, { imageCache: cacheDir });
    expect(errors.map((error) => [error.code, error.file, error.line])).toEqual([
      ['unreadable-image', 'data/routes/bilder.md', 8],
      ['missing-asset', 'data/routes/bilder.md', 10],
    ]);
    expect(errors[0]?.message).toBe(
      'data/images/fake.jpg cannot be used: it is not a JPEG, PNG or WebP image sharp can read.',
    );
    await rm(broken, { recursive: true, force: true });
  }, 120_000);
});
