/**
 * `npm run bench -- photos`: the mini site with 10 phone-sized photos (4000 × 2667 JPEG of
 * smooth generated noise, about 0.7 MB each): the first build (sharp makes every variant)
 * against the second (all from the disk cache), and what a visitor downloads for the page.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { build } from '../../generator/pipeline/build.ts';
import { photoWork } from '../../generator/images/photos.ts';
import { projectRoot } from '../support/site-build.ts';
import { linkTool, projectOptions } from '../support/outside-project.ts';

const COUNT = 10;

async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 2667;
  const noise = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < noise.length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    noise[index] = (index % 3 === 2 ? 160 : 60) + ((state >> 16) % 40);
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function benchPhotos(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clubsite-photo-site-'));
  await cp(path.join(projectRoot, 'tests/build/fixtures/mini'), dir, { recursive: true });
  await linkTool(dir);
  const cache = await mkdtemp(path.join(os.tmpdir(), 'clubsite-photo-bench-'));
  const index = path.join(dir, 'layouts/site.tsx');
  await writeFile(
    index,
    (await readFile(index, 'utf8')).replace(
      "  styles: 'styles/site.css',\n",
      "  styles: 'styles/site.css',\n  photos: { widths: [480, 800, 1200, 1600], sizes: '100vw' },\n",
    ),
  );
  let markdown = '---\ntitle: Photos\ndescription: Ten photos.\n---\n\n';
  let sourceBytes = 0;
  for (let number = 1; number <= COUNT; number++) {
    const bytes = await phonePhoto(number);
    sourceBytes += bytes.byteLength;
    await writeFile(path.join(dir, `data/images/photo-${number}.jpg`), bytes);
    markdown += `![Photo ${number}](images/photo-${number}.jpg)\n\n`;
  }
  await writeFile(path.join(dir, 'data/routes/bilder.md'), markdown);
  const rows: string[] = [];
  const served = { avif: 0, jpg: 0 };
  for (const label of ['first build (empty cache)', 'second build (cache)']) {
    const calls = photoWork.sharpCalls;
    const start = performance.now();
    const result = await build({ ...(await projectOptions(dir)), now: '2025-12-10T18:00', imageCache: cache });
    for (const format of ['avif', 'jpg'] as const) {
      const files = [...result.files].filter(([file]) =>
        new RegExp(`^assets/photo-\\d+-800w-\\w+\\.${format}$`).test(file),
      );
      served[format] = files.reduce((sum, [, bytes]) => sum + Buffer.byteLength(bytes), 0);
    }
    const images = result.timings.find(([stage]) => stage === 'images')?.[1] ?? 0;
    rows.push(
      `| ${label} | ${(performance.now() - start).toFixed(0)} ms | ${images.toFixed(0)} ms | ${photoWork.sharpCalls - calls} |`,
    );
  }
  console.log(`${COUNT} photos, ${(sourceBytes / 1e6).toFixed(1)} MB of JPEG in data/\n`);
  console.log('| build | total | images stage | sharp calls |\n| --- | --- | --- | --- |');
  console.log(rows.join('\n'));
  console.log(
    `\nthe photos on an 800 px screen: ${(served.avif / 1e3).toFixed(0)} KB as AVIF, ${(served.jpg / 1e3).toFixed(0)} KB as JPEG, instead of ${(sourceBytes / 1e6).toFixed(1)} MB`,
  );
  await rm(dir, { recursive: true, force: true });
  await rm(cache, { recursive: true, force: true });
}
