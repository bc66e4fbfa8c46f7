/**
 * Zod as the launcher gives it to the generator's modules (generator/cached-package.js): one
 * CommonJS file in the module cache, run with V8's code cache, and the very copy the site's
 * code is handed (bundle/shared-packages.ts), so that a site's schema is the generator's Zod's.
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { expect, test } from 'vitest';
import { bundleTypeScript } from '../../generator/typescript-module.js';
import { launcherEntry, moduleCacheFolder } from '../support/launcher-entry.ts';
import { projectRoot } from '../support/site-build.ts';

const { entry, write } = launcherEntry('zod-entry');
const cache = moduleCacheFolder;

interface Entry {
  sameZod: () => Promise<boolean>;
  refused: () => string | undefined;
  isSchema: (value: unknown) => boolean;
}

test("a bundled module's Zod is one file with its compiled code kept, and the copy the site's code gets", async () => {
  await write([
    "import { z } from 'zod';",
    "import { sharedPackage } from '../../generator/bundle/shared-packages.ts';",
    "export const sameZod = async () => (await sharedPackage('zod')).z === z;",
    'export const refused = () => z.object({ navn: z.string() }).safeParse({ navn: 1 }).error?.issues[0]?.code;',
    'export const isSchema = (value: unknown) => value instanceof z.ZodType;',
  ]);
  const made = await bundleTypeScript(entry);
  const code = await readFile(made, 'utf8');
  const bundled = /cachedPackage\("([^"]+zod-[0-9a-f]{12}\.cjs)"\)/.exec(code)?.[1];
  expect(bundled).toBeDefined();
  // Not Node's copy of the package: the bundled file, by its path in the module cache.
  expect(code).not.toMatch(/node_modules\/zod\//);
  expect(path.dirname(bundled as string)).toBe(path.join(cache, 'packages'));
  const module = (await import(made)) as Entry;
  expect(await module.sameZod()).toBe(true);
  expect(module.refused()).toBe('invalid_type');
  // A schema made by Node's copy (a site importing zod/v4, say) is still a schema to it.
  const { z } = await import('zod');
  expect(module.isSchema(z.string())).toBe(true);
  // What V8 compiled of it is kept beside it, under the V8 that made it.
  const kept = await readdir(path.join(cache, 'packages'));
  expect(kept).toContain(path.basename(bundled as string));
  expect(kept.some((file) => file.startsWith(path.basename(bundled as string, '.cjs')) && file.endsWith('.code'))).toBe(
    true,
  );
});

test('a code cache spoilt on disk is not run: the package is compiled again and its cache made anew', async () => {
  const folder = path.join(cache, 'packages');
  const codes = (await readdir(folder)).filter((file) => /^zod-[0-9a-f]{12}\..*\.code$/.test(file));
  expect(codes.length).toBeGreaterThan(0);
  const code = path.join(folder, codes[0] as string);
  const bundle = path.join(folder, `${(codes[0] as string).slice(0, 'zod-'.length + 12)}.cjs`);
  const whole = await readFile(code);
  // Bytes changed in the middle of what V8 compiled, the file's length the same: V8 itself does not look.
  const spoilt = Buffer.from(whole);
  for (let at = Math.floor(spoilt.length / 2); at < Math.floor(spoilt.length / 2) + 64; at += 1)
    spoilt[at] = (spoilt[at] ?? 0) ^ 0xff;
  await writeFile(code, spoilt);
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { cachedPackage } from ${JSON.stringify(path.join(projectRoot, 'generator/cached-package.js'))};
       console.log(cachedPackage(${JSON.stringify(bundle)}).z.string().safeParse('svømming').success);`,
    ],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout.trim()).toBe('true');
  // Made again: whole, as a compile makes it (its check matches what follows it).
  const again = await readFile(code);
  expect(again.equals(spoilt)).toBe(false);
  expect(again.readUInt32LE(0)).toBe(crc32(again.subarray(4)));
});
