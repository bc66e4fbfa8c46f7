import type { RenderContext } from '../model/render-context.ts';
import { findText } from '../source-positions.ts';

interface Trace {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Where a value that ended up in a page came from: the page's own file first (Markdown body,
 * then front matter), then the collections and the files of folder collections. Used to put a
 * file and line on a broken link or a missing image that only shows up once the page is rendered.
 */
export function traceValue(
  value: string,
  page: { file: string; text: string } | undefined,
  sources: RenderContext['trace'],
): Trace | undefined {
  const inText = (source: { file: string; text: string }): Trace | undefined => {
    const lines = source.text.split('\n');
    const index = lines.findIndex((line) => line.includes(value));
    if (index === -1) return undefined;
    return { file: source.file, line: index + 1, column: (lines[index]?.indexOf(value) ?? 0) + 1 };
  };
  const own = page ? inText(page) : undefined;
  if (own) return own;
  for (const source of sources.collections) {
    const position = findText(source, value);
    if (position) return { file: source.file, ...position };
  }
  // A list made from a folder collection shows what its entries' files say.
  for (const source of sources.entries) {
    const found = inText(source);
    if (found) return found;
  }
  return undefined;
}
