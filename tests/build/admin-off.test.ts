// The admin adds /admin/ and nothing else: every other file of the output (each page with its
// Content-Security-Policy, the sitemap, the search index, robots.txt) is byte for byte what a
// build of the same site with the admin turned off (`admin: false`) writes; _headers only gains
// the admin's own rule at its end.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build } from '../../generator/pipeline/build.ts';
import { copyProject, type DevProject } from '../support/dev-project.ts';

let project: DevProject;
beforeAll(async () => {
  project = await copyProject();
}, 60_000);
afterAll(() => project?.remove());

test('every file outside admin/ is the same as with the admin off; _headers only gains its rule', async () => {
  const now = '2025-12-10T18:00';
  const on = await build({ root: project.root, now });
  const entry = project.at('templates/index.ts');
  const source = await readFile(entry, 'utf8');
  await writeFile(entry, source.replace('const site = defineSite({', 'const site = defineSite({\n  admin: false,'));
  const without = await build({ root: project.root, now });
  const admin = [...on.files.keys()].filter((file) => file.startsWith('admin/'));
  expect(admin).toEqual(expect.arrayContaining(['admin/index.html', 'admin/config.yml', 'admin/cms/decap-cms.js']));
  expect([...without.files.keys()].filter((file) => file.startsWith('admin/'))).toEqual([]);
  const others = [...on.files.keys()].filter((file) => !file.startsWith('admin/'));
  expect(others.sort()).toEqual([...without.files.keys()].sort());
  const text = (data: string | Uint8Array | undefined) => Buffer.from(data ?? '');
  const differ = others.filter((file) => !text(on.files.get(file)).equals(text(without.files.get(file))));
  expect(differ).toEqual(['_headers']);
  const headers = String(on.files.get('_headers'));
  const before = String(without.files.get('_headers'));
  expect(headers.startsWith(before)).toBe(true);
  expect(headers.slice(before.length)).toMatch(
    /^\/admin\/\*\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'; [^\n]+\n {2}X-Robots-Tag: noindex\n$/,
  );
  expect(String(on.files.get('sitemap.xml'))).not.toContain('/admin');
}, 120_000);
