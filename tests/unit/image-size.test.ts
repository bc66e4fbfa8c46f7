import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { imageSize } from '../../generator/image-size.ts';
import { isPlainHttp, unsafeScheme } from '../../generator/validate/link-safety.ts';
import { projectRoot } from '../support/site-build.ts';

describe('the kind and size of an image, from its header', () => {
  test('the club share image is a 1200 × 630 PNG', async () => {
    expect(imageSize(await readFile(path.join(projectRoot, 'content/images/deling.png')))).toEqual({
      kind: 'png',
      width: 1200,
      height: 630,
    });
  });

  test('a JPEG written by Chromium', async () => {
    expect(imageSize(await readFile(path.join(projectRoot, 'tests/unit/fixtures/photo-800x420.jpg')))).toEqual({
      kind: 'jpeg',
      width: 800,
      height: 420,
    });
  });

  test('an SVG, a PNG name on other bytes and an empty file are no PNG or JPEG', async () => {
    expect(imageSize(await readFile(path.join(projectRoot, 'content/images/ksa-logo.svg')))).toBeUndefined();
    expect(imageSize(new TextEncoder().encode('not a picture at all, only text'))).toBeUndefined();
    expect(imageSize(new Uint8Array())).toBeUndefined();
  });

  test('a header cut short is no size, not a wrong one', async () => {
    const png = await readFile(path.join(projectRoot, 'content/images/deling.png'));
    const jpeg = await readFile(path.join(projectRoot, 'tests/unit/fixtures/photo-800x420.jpg'));
    expect(imageSize(png.subarray(0, 20))).toBeUndefined();
    // Cut before its start-of-frame segment: the walk runs out of bytes.
    const frame = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    expect(frame).toBeGreaterThan(2);
    expect(imageSize(jpeg.subarray(0, frame + 4))).toBeUndefined();
  });
});

describe('unsafe link schemes, in any spelling a browser reads', () => {
  test.each([
    ['javascript:alert(1)', 'javascript'],
    ['JavaScript:alert(1)', 'javascript'],
    ['  javascript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['java\nscript:alert(1)', 'javascript'],
    ['java\u0000script:alert(1)', 'javascript'],
    ['&#106;avascript:alert(1)', 'javascript'],
    ['&#x6A;avascript&colon;alert(1)', 'javascript'],
    ['java%09script:alert(1)', 'javascript'],
    ['VBScript:msgbox(1)', 'vbscript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['DATA:image/svg+xml;base64,PHN2Zz4=', 'data'],
  ])('%j is %s', (url, scheme) => {
    expect(unsafeScheme(url)).toBe(scheme);
  });

  test.each([
    'https://example.org/javascript:',
    '/kurs',
    'mailto:elin@ksa.no',
    'tel:+4712345678',
    'Data: what we keep, and why.',
    '#javascript',
  ])('%j is safe', (url) => {
    expect(unsafeScheme(url)).toBeUndefined();
  });

  test('plain http:// is told apart from https://', () => {
    expect([
      isPlainHttp('http://example.org'),
      isPlainHttp(' HTTP://example.org'),
      isPlainHttp('https://example.org'),
    ]).toEqual([true, true, false]);
  });
});
