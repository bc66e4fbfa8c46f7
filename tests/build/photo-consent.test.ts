/**
 * Issue 45: photo consent in the club's schema (site/schemas/photos.ts, content/photos.yaml).
 * The real content builds with the data its photos have; a photo of people who can be
 * recognised builds with a consent, or with a statement that none is needed, and not without
 * (the bad-input corpus has that case, at its file and line, with the hint).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BuildFailed, formatError } from '../../generator/errors.ts';
import { PHOTO_CONSENT_RULE } from '../../site/schemas/photos.ts';
import { buildSite, projectRoot } from '../support/site-build.ts';

let contentDir: string;
let photos: string;

beforeAll(async () => {
  contentDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'clubsite-photos-')), 'content');
  await cp(path.join(projectRoot, 'content'), contentDir, { recursive: true });
  photos = await readFile(path.join(contentDir, 'photos.yaml'), 'utf8');
});

afterAll(async () => {
  await rm(path.dirname(contentDir), { recursive: true, force: true });
});

const withPhotos = async (text: string) => {
  await writeFile(path.join(contentDir, 'photos.yaml'), text);
  return buildSite('2025-12-10T18:00', { contentDir });
};
const recognisable = (extra: string) =>
  photos.replace('people: ikke-gjenkjennelige', `people: gjenkjennelige\n${extra}`);

describe('photos of people', () => {
  test('every JPEG and PNG of the real content has its data, and none shows anyone who can be recognised', async () => {
    const real = await readFile(path.join(projectRoot, 'content/photos.yaml'), 'utf8');
    expect(real).not.toMatch(/people: gjenkjennelige/);
    expect([...real.matchAll(/file: (\S+)/g)].map((match) => match[1]).sort()).toEqual([
      'images/deling.png',
      'images/skagerrak-swim-bassenget.jpg',
    ]);
  });

  test('with a consent from the swimmer and a guardian, the photo builds and shows', async () => {
    const result = await withPhotos(
      recognisable(
        '    consent:\n      - person: Kari N., svømmer\n        givenBy: Kari N. og foresatt Ola N.\n        date: 2025-11-02',
      ),
    );
    expect(String(result.files.get('skagerrak-swim/index.html'))).toContain('skagerrak-swim-bassenget');
  }, 120_000);

  test('with a statement that no consent is needed, it builds', async () => {
    await withPhotos(recognisable('    noConsentNeeded: Publikum på tribunen, tatt på lang avstand'));
  }, 120_000);

  test('without either, the build names the file, the line and the rule', async () => {
    const failure = await withPhotos(recognisable('')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailed);
    const printed = (failure as BuildFailed).errors.map(formatError);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/photos\.yaml:6:5 {2}photos\[0\]\.consent/);
    expect(printed[0]).toContain(`Hint: ${PHOTO_CONSENT_RULE}`);
  }, 120_000);
});
