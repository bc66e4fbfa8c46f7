/**
 * _headers and the <meta http-equiv> policy of every page, as the build writes them: one
 * policy per page in both places, the inline head script allowed by the hash of the very text
 * the page inlines (on the club site and the mini site), and the Instagram service only on the
 * club's pages with the feed. Builds the sites in memory at a fixed clock.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { BuildResult } from '../../generator/pipeline/build.ts';
import { headersFor, parseHeaders } from '../../generator/serve/headers-rules.ts';
import { buildTestSite, CLUB, SITES } from '../support/test-sites.ts';

const builds = new Map<string, BuildResult>();
let result: BuildResult;
const html = (file: string) => String(result.files.get(file));
const unescapeAttribute = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const metaPolicy = (page: string) =>
  unescapeAttribute(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1] ?? '');

beforeAll(async () => {
  for (const site of SITES) builds.set(site.name, await buildTestSite(site, '2025-12-10T18:00'));
}, 60_000);

describe.each(SITES)('Content-Security-Policy and _headers of $name', (site) => {
  beforeAll(() => {
    result = builds.get(site.name) as BuildResult;
  });

  test('every page carries its policy in a meta tag before any script, and _headers sends the same one plus frame-ancestors', () => {
    const rules = parseHeaders(html('_headers'));
    const files = [...result.files.keys()].filter(
      (file) => (file.endsWith('index.html') || file === '404.html') && !file.startsWith('admin/'),
    );
    expect(files.length).toBe(result.pages.length + 1 + 1); // every page, the 404 page, the redirect page
    for (const page of result.pages) {
      const file = page.route === '/' ? 'index.html' : `${page.route.slice(1)}/index.html`;
      const text = html(file);
      const policy = metaPolicy(text);
      expect(policy, file).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
      expect(text.indexOf('http-equiv="Content-Security-Policy"'), file).toBeLessThan(text.indexOf('<script'));
      const path = page.route === '/' ? '/' : `${page.route}/`;
      const headers = headersFor(rules, path);
      expect(headers['content-security-policy'], path).toBe(`${policy}; frame-ancestors 'none'`);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(policy).not.toContain('frame-ancestors');
      expect(policy).not.toContain('report-uri');
    }
    expect(headersFor(rules, '/404.html')['content-security-policy']).toBe(
      `${metaPolicy(html('404.html'))}; frame-ancestors 'none'`,
    );
    const asset = [...result.files.keys()].find((file) => file.startsWith('assets/') && file.endsWith('.js'))!;
    expect(headersFor(rules, `/${asset}`)['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/om/')['cache-control']).toBeUndefined();
    // The editors' admin has its own policy, on its path only.
    const admin = metaPolicy(html('admin/index.html'));
    expect(admin).toMatch(/^default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'/);
    expect(headersFor(rules, '/admin/')['content-security-policy']).toBe(`${admin}; frame-ancestors 'none'`);
    expect(headersFor(rules, '/admin/cms/decap-cms.js')['content-security-policy']).toBe(
      `${admin}; frame-ancestors 'none'`,
    );
  });

  test('scripts: no unsafe-inline or unsafe-eval; the inline head script is allowed by the sha256 of its exact text', () => {
    const home = html('index.html');
    const inline = [...home.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    for (const page of result.pages) {
      const scriptSrc = / script-src ([^;]*)/.exec(page.securityPolicy)?.[1] ?? '';
      expect(scriptSrc.split(' '), page.route).toContain(hash);
      expect(scriptSrc, page.route).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });
});

describe('the Instagram feed on the club site', () => {
  beforeAll(() => {
    result = builds.get(CLUB.name) as BuildResult;
  });

  test('the Instagram service is allowed on the pages with the feed only; no page has an inline style, so the others allow none', () => {
    const withFeed = result.pages.filter((page) => page.html.includes('instagram-feed')).map((page) => page.route);
    expect(withFeed.sort()).toEqual(['/', '/sosiale-medier']);
    for (const page of result.pages) {
      const allowsFeed = page.securityPolicy.includes('https://elfsightcdn.com');
      expect(allowsFeed, page.route).toBe(withFeed.includes(page.route));
      if (!allowsFeed) expect(page.securityPolicy).toContain("style-src 'self'; ");
      expect(page.html, page.route).not.toMatch(/\sstyle="|<style[\s>]/);
    }
  });
});
