import type { LoadedContent } from '../load/load-content.ts';
import type { PageSource } from '../load/page-source.ts';
import { findScalar } from '../load/yaml-source.ts';

export interface Trace {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Where a value that ended up in a page came from: the page's own file first (Markdown body,
 * then front matter), then the collections. Used to put a file and line on a broken link or a
 * missing image that only shows up once the page is rendered.
 */
export function traceValue(value: string, page: PageSource | undefined, content: LoadedContent): Trace | undefined {
  if (page) {
    const lines = page.text.split('\n');
    const index = lines.findIndex((line) => line.includes(value));
    if (index !== -1) return { file: page.file, line: index + 1, column: (lines[index]?.indexOf(value) ?? 0) + 1 };
  }
  for (const source of content.collections.values()) {
    const position = findScalar(source, value);
    if (position) return { file: source.file, ...position };
  }
  return undefined;
}
