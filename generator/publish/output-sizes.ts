/** The output's HTML, JavaScript and CSS in bytes, for a build's summary: what visitors load (not the editors' admin). */
import { ADMIN_FOLDER } from '../urls.ts';

export interface OutputSizes {
  html: number;
  js: number;
  css: number;
}

/** Adds a file's size to `sizes` by its kind. */
export function count(sizes: OutputSizes, file: string, data: string | Uint8Array): void {
  // Only those kinds are measured: _headers and sitemap.xml (3 MB at 10,000 pages) are not.
  if (file.startsWith(`${ADMIN_FOLDER}/`)) return;
  const size = () => (typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
  if (file.endsWith('.html')) sizes.html += size();
  else if (file.endsWith('.js')) sizes.js += size();
  else if (file.endsWith('.css')) sizes.css += size();
}

export function sizesOf(files: ReadonlyMap<string, string | Uint8Array>): OutputSizes {
  const sizes = { html: 0, js: 0, css: 0 };
  for (const [file, data] of files) count(sizes, file, data);
  return sizes;
}
