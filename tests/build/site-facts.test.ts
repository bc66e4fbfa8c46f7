/**
 * Issue 15 on the real club site: content that would publish wrong facts (a winner before the
 * draw, a training slot that ends before it starts or overlaps another of its group, a NUL in
 * a menu label) fails the build at its line, and every page carries a share image that link
 * previews show (og:image, a 1200 × 630 PNG, with its size and alt text).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { BuildFailed, type ContentError, formatErrorIn } from '../../generator/errors.ts';
import { imageSize } from '../../generator/image-size.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

/** A real PNG of a given size (one flat colour), as an image program would write it. */
function png(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('content that would publish wrong facts, on a copy of the real content', () => {
  let contentDir: string;
  let errors: ContentError[];
  const lines: Record<string, number> = {};

  beforeAll(async () => {
    contentDir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-facts-'));
    await cp(path.join(projectRoot, 'content'), contentDir, { recursive: true });
    const edit = async (file: string, change: (text: string) => string) => {
      const target = path.join(contentDir, file);
      await writeFile(target, change(await readFile(target, 'utf8')));
    };
    await edit('training-times.yaml', (text) =>
      text
        .replace('{ group: A, day: Mandag, time: "16:00 - 18:00"', '{ group: A, day: Mandag, time: "18:00 - 16:00"')
        .replace(
          '  - { group: A, day: Tirsdag, time: "18:00 - 20:00", location: Spicheren }\n',
          '  - { group: A, day: Tirsdag, time: "18:00 - 20:00", location: Spicheren }\n  - { group: A, day: tirsdag, time: "19:30 - 20:30", location: Aquarama }\n',
        ),
    );
    await edit('menu.yaml', (text) => text.replace('label: Treningstider', 'label: "Trenings\\0tider"'));
    await writeFile(path.join(contentDir, 'images/deling.png'), png(600, 315));
    await edit('pages/dugnad.md', (text) =>
      text.replace('title: Dugnad\n', 'title: Dugnad\nshareImage: images/deling.png\nshareImageAlt: Loddsalg\n'),
    );
    const training = await readFile(path.join(contentDir, 'training-times.yaml'), 'utf8');
    const calendar = await readFile(path.join(contentDir, 'pages/julekalender/2025.yaml'), 'utf8');
    lines.backwards = lineOf(training, '18:00 - 16:00');
    lines.overlap = lineOf(training, '19:30 - 20:30');
    lines.emma = lineOf(calendar, 'winner: Emma');
    lines.menu = lineOf(await readFile(path.join(contentDir, 'menu.yaml'), 'utf8'), 'Trenings');
    lines.share = lineOf(await readFile(path.join(contentDir, 'site.yaml'), 'utf8'), 'shareImage:');
    lines.pageShare = lineOf(await readFile(path.join(contentDir, 'pages/dugnad.md'), 'utf8'), 'shareImage:');
    // A minute before door 9 is drawn: Emma's win is not a fact yet.
    errors = await buildSite('2025-12-09T19:59', { contentDir }).then(
      () => [],
      (error: unknown) => {
        if (error instanceof BuildFailed) return error.errors;
        throw error;
      },
    );
  }, 60_000);

  afterAll(async () => {
    await rm(contentDir, { recursive: true, force: true });
  });

  const problem = (file: string) =>
    errors.filter((error) => error.file.endsWith(file)).map((error) => formatErrorIn(error, 'nb'));

  test('a calendar winner before the draw names the file, the door and the draw time', () => {
    expect(problem('pages/julekalender/2025.yaml')).toEqual([
      [
        `✖ ${errors.find((error) => error.code === 'ahead-of-time')?.file}:${lines.emma}:13  doors[8].winner  [ahead-of-time]`,
        '  Luke 9 har en vinner («Emma (kalender 0157)»), men trekningen er 2025-12-09 kl. 20:00 (Europe/Oslo), etter tidspunktet nettstedet bygges for.',
        '  Tips: La «winner:» stå tom til luken er trukket; en kalender kopiert fra i fjor har fjorårets vinnere.',
      ].join('\n'),
    ]);
  });

  test('a training slot that ends before it starts, and two slots of one group that overlap on a day, are errors at their line', () => {
    const [backwards, overlap] = problem('training-times.yaml');
    expect(backwards?.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(
        new RegExp(`^✖ .*training-times\\.yaml:${lines.backwards}:\\d+  slots\\[0\\]\\.time  \\[invalid-field\\]$`),
      ),
      '  Økta må slutte etter at den begynner, som 16:00 - 18:00 (det står "18:00 - 16:00").',
    ]);
    expect(overlap?.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(
        new RegExp(`^✖ .*training-times\\.yaml:${lines.overlap}:\\d+  slots\\[3\\]\\.time  \\[invalid-field\\]$`),
      ),
      '  Gruppe A trener allerede Tirsdag 18:00 - 20:00 (økt 3 i lista): øktene til én gruppe samme dag kan ikke overlappe (det står "19:30 - 20:30").',
    ]);
  });

  test('a NUL in a menu label is an error at its line', () => {
    expect(problem('menu.yaml').map((text) => text.split('\n').slice(0, 2).join('\n'))).toEqual([
      `✖ ${errors.find((error) => error.file.endsWith('menu.yaml'))?.file}:${lines.menu}:12  items[2].label  [control-character]\n  Teksten har et usynlig kontrolltegn (U+0000), som ville blitt publisert som det er.`,
    ]);
  });

  test('a share image that is not 1200 × 630 is an error at its field', () => {
    expect(problem('site.yaml').map((text) => text.split('\n').slice(0, 2).join('\n'))).toEqual([
      `✖ ${errors.find((error) => error.code === 'wrong-image')?.file}:${lines.share}:13  shareImage  [wrong-image]\n  ${path.relative(projectRoot, contentDir)}/images/deling.png må være PNG eller JPEG på 1200 × 630 piksler; den er PNG på 600 × 315.`,
    ]);
    expect(problem('pages/dugnad.md').map((text) => text.split('\n').slice(0, 2).join('\n'))).toEqual([
      `✖ ${errors.find((error) => error.file.endsWith('dugnad.md'))?.file}:${lines.pageShare}:13  shareImage  [wrong-image]\n  ${path.relative(projectRoot, contentDir)}/images/deling.png må være PNG eller JPEG på 1200 × 630 piksler; den er PNG på 600 × 315.`,
    ]);
    expect(errors.map((error) => error.code).sort()).toEqual([
      'ahead-of-time',
      'control-character',
      'invalid-field',
      'invalid-field',
      'wrong-image',
      'wrong-image',
    ]);
  });
});

describe('the real content, built when door 9 has just been drawn', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite('2025-12-09T20:00');
  }, 60_000);

  test('builds without a warning', () => {
    expect(result.warnings).toEqual([]);
  });

  test('every page has og:image, a 1200 × 630 PNG at an absolute URL, with its size and alt text', () => {
    const pages = [...result.files].filter(([file]) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(25);
    for (const [file, html] of pages) {
      if (String(html).includes('http-equiv="refresh"')) continue; // redirect pages for old addresses
      if (file.startsWith('admin/')) continue; // the editors' admin: no page to share
      const meta = (property: string) =>
        new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(String(html))?.[1];
      const image = meta('og:image');
      expect(image, file).toMatch(/^https:\/\/www\.ksa\.no\/assets\/deling-[\w-]+\.png$/);
      expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:type')], file).toEqual([
        '1200',
        '630',
        'image/png',
      ]);
      expect(meta('og:image:alt'), file).toBe(
        'Kristiansand Svømmeallianses logo med bølger, klubbnavnet og «Trygg • Inkluderende • Stolt»',
      );
      const published = result.files.get(new URL(image ?? '').pathname.slice(1));
      expect(published && imageSize(published as Uint8Array), file).toEqual({ kind: 'png', width: 1200, height: 630 });
    }
  });

  test('a page may name its own share image, shown for that page only', async () => {
    const contentDir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-share-'));
    try {
      await cp(path.join(projectRoot, 'content'), contentDir, { recursive: true });
      await writeFile(path.join(contentDir, 'images/dugnad-deling.png'), png(1200, 630));
      const page = path.join(contentDir, 'pages/dugnad.md');
      await writeFile(
        page,
        (await readFile(page, 'utf8')).replace(
          'title: Dugnad\n',
          'title: Dugnad\nshareImage: images/dugnad-deling.png\nshareImageAlt: Foreldre selger lodd for klubben\n',
        ),
      );
      const own = await buildSite('2025-12-10T18:00', { contentDir });
      const html = (file: string) => String(own.files.get(file));
      expect(html('dugnad/index.html')).toMatch(
        /<meta property="og:image" content="https:\/\/www\.ksa\.no\/assets\/dugnad-deling-[\w-]+\.png"\/>/,
      );
      expect(html('dugnad/index.html')).toContain(
        '<meta property="og:image:alt" content="Foreldre selger lodd for klubben"/>',
      );
      expect(html('kurs/index.html')).toMatch(
        /<meta property="og:image" content="https:\/\/www\.ksa\.no\/assets\/deling-[\w-]+\.png"\/>/,
      );
    } finally {
      await rm(contentDir, { recursive: true, force: true });
    }
  }, 60_000);

  test('the share image is small enough for a link preview to fetch quickly', async () => {
    expect((await readFile(path.join(projectRoot, 'content/images/deling.png'))).byteLength).toBeLessThan(100 * 1024);
  });
});
