import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/build/build.ts';
import { buildSite } from '../support/site-build.ts';

/**
 * Page weight is deterministic, so it is tested: what a visitor downloads for each page, as
 * gzip bytes, following every script's imports (static ones at load, dynamic ones when an
 * island is due).
 */
let result: BuildResult;

beforeAll(async () => {
  result = await buildSite('2025-12-10T18:00');
});

const bytesOf = (file: string): Uint8Array => {
  const data = result.files.get(file);
  if (data === undefined) throw new Error(`missing ${file}`);
  return typeof data === 'string' ? Buffer.from(data) : data;
};
const gzip = (file: string) => gzipSync(bytesOf(file), { level: 6 }).byteLength;
const textOf = (file: string) => Buffer.from(bytesOf(file)).toString('utf8');

/** Every script a script pulls in, itself included. */
function scriptGraph(entry: string, dynamic: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = textOf(entry);
  const pattern = dynamic ? /(?:from|import)\s*\(?\s*"(\.\.?\/[^"]+\.js)"/g : /(?:from|import)\s*"(\.\.?\/[^"]+\.js)"/g;
  for (const match of code.matchAll(pattern)) {
    scriptGraph(path.posix.join(path.posix.dirname(entry), match[1] ?? ''), dynamic, seen);
  }
  return seen;
}

interface Weight {
  route: string;
  html: number;
  css: number;
  jsAtLoad: number;
  jsWithIslands: number;
  loadsReact: boolean;
  hasIsland: boolean;
}

function weigh(route: string, file: string): Weight {
  const html = textOf(file);
  const css = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((match) => match[1] ?? '');
  const scripts = [...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((match) => match[1] ?? '');
  const atLoad = new Set(scripts.flatMap((script) => [...scriptGraph(script, false)]));
  const withIslands = new Set(scripts.flatMap((script) => [...scriptGraph(script, true)]));
  const sum = (files: Iterable<string>) => [...files].reduce((total, name) => total + gzip(name), 0);
  return {
    route,
    html: gzipSync(html).byteLength,
    css: sum(css),
    jsAtLoad: sum(atLoad),
    jsWithIslands: sum(withIslands),
    loadsReact: [...withIslands].some((name) => textOf(name).includes('react.dev/errors')),
    hasIsland: html.includes('<clubsite-island'),
  };
}

describe('page weight', () => {
  test('a page without a widget that holds state ships no React, and under 25 KB gzip in all', () => {
    const weights = result.pages.map((page) =>
      weigh(page.route, page.route === '/' ? 'index.html' : `${page.route.slice(1)}/index.html`),
    );
    const staticPages = weights.filter((weight) => !weight.hasIsland);
    expect(staticPages.map((weight) => weight.route)).toEqual(
      expect.arrayContaining(['/julekalender/2025', '/dugnad', '/om', '/medlemskap']),
    );
    for (const weight of staticPages) {
      expect(weight.loadsReact, weight.route).toBe(false);
      expect(weight.html + weight.css + weight.jsWithIslands, weight.route).toBeLessThan(25 * 1024);
      expect(weight.jsWithIslands, weight.route).toBeLessThan(3 * 1024);
    }
  });

  test('pages with islands load React only when an island is due, all in under 110 KB gzip', () => {
    const islandPages = ['/kurs', '/treningstider', '/search', '/'].map((route) =>
      weigh(route, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`),
    );
    for (const weight of islandPages) {
      expect(weight.hasIsland, weight.route).toBe(true);
      expect(weight.loadsReact, weight.route).toBe(true);
      // At load: only the small runtime and frame script; React comes with the first island.
      expect(weight.jsAtLoad, weight.route).toBeLessThan(4 * 1024);
      expect(weight.html + weight.css + weight.jsWithIslands, weight.route).toBeLessThan(110 * 1024);
    }
  });

  test('React is one shared chunk', () => {
    const reactChunks = [...result.files.keys()].filter(
      (name) => name.endsWith('.js') && textOf(name).includes('react.dev/errors'),
    );
    expect(reactChunks.length).toBeGreaterThanOrEqual(1);
    expect(reactChunks.every((name) => name.startsWith('assets/chunks/'))).toBe(true);
  });
});
