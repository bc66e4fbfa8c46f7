/**
 * The editors' admin in the output, under admin/: its page, its configuration (config.yml,
 * made from the site's schemas at every build: cms-config.ts), the admin's own script
 * (client/admin/admin.js) and Decap CMS's files, copied from the pinned package in
 * node_modules (never from a CDN). No page links to it; it is noindex, and being no page it is
 * in neither the sitemap nor the search index.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toolFile } from '../bundle/tool-files.ts';
import type { SiteDefinition } from '../contract/index.ts';
import type { OutputFile } from '../model/pipeline.ts';
import { requirePackage } from '../typescript-module.js';
import { ADMIN_FOLDER, type Urls } from '../urls.ts';
import { adminPolicy } from './admin-policy.ts';
import { adminWords } from './admin-words.ts';
import { type AdminPage, cmsConfig } from './cms-config.ts';

interface AdminParts {
  site: SiteDefinition;
  /** The content folder, relative to the project root. */
  contentFolder: string;
  pages: readonly AdminPage[];
  data: Record<string, unknown>;
  urls: Urls;
  /** The site's stylesheets (public paths relative to the base), for the preview pane. */
  styles: readonly string[];
}

/** Whether the site has the admin (on unless its definition says `admin: false`). */
export const hasAdmin = (site: SiteDefinition): boolean => site.admin !== false;

export function adminFiles(parts: AdminParts): OutputFile[] {
  const { site, urls } = parts;
  if (!hasAdmin(site)) return [];
  const pages = parts.pages.filter((page) => page.source.startsWith(`${parts.contentFolder}/${site.pages}/`));
  const config = cmsConfig(site, {
    contentFolder: parts.contentFolder,
    pages,
    data: parts.data,
    origin: urls.absolute('/'),
    repository: process.env.GITHUB_REPOSITORY || undefined,
  });
  const locale = String(config.locale);
  const words = adminWords(locale);
  const documents = site.documents
    ? { folder: `/${parts.contentFolder}/${site.documents.folder}`, public: site.documents.folder }
    : undefined;
  const settings = { documents, words };
  // One meta a stylesheet, its address quoted as a page quotes it: a save of the stylesheet in
  // `dev` swaps it here as on every page, and no page reloads (dev/output-diff.ts).
  const styles = parts.styles.map((style) => `<meta name="preview-style" content="${urls.base}${style}">\n`).join('');
  const html = `<!doctype html>
<html lang="${site.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta http-equiv="Content-Security-Policy" content="${adminPolicy(site)}">
<title>${words.title}</title>
${styles}<link href="config.yml" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="cms/decap-cms.js"></script>
<script src="admin.js" data-settings="${escapeAttribute(JSON.stringify(settings))}"></script>
</body>
</html>
`;
  return [
    [`${ADMIN_FOLDER}/index.html`, html],
    [`${ADMIN_FOLDER}/config.yml`, `${JSON.stringify(config, null, 2)}\n`],
    [`${ADMIN_FOLDER}/admin.js`, adminScript()],
    ...decapFiles().map(([name, data]): OutputFile => [`${ADMIN_FOLDER}/cms/${name}`, data]),
  ];
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

let script: string | undefined;
const adminScript = (): string => {
  script ??= readFileSync(toolFile('client/admin/admin.js'), 'utf8');
  return script;
};

let decap: Array<[string, Uint8Array]> | undefined;

/**
 * Decap CMS's prebuilt bundle and the chunks it loads from beside itself (numbered: the
 * editors of a few widgets, the locales), read once a process: 6 MB that no build changes.
 */
function decapFiles(): Array<[string, Uint8Array]> {
  if (!decap) {
    const dist = path.dirname(requirePackage.resolve('decap-cms/dist/decap-cms.js'));
    const names = readdirSync(dist).filter((name) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(name));
    decap = names.sort().map((name) => [name, readFileSync(path.join(dist, name))]);
  }
  return decap;
}
