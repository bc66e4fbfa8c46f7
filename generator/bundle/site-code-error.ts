/**
 * A template or component of the site that threw while rendering a page: a problem in the site's
 * own code, told at its file, line and column (the site bundle's source map, bundle/site-code-map.ts),
 * with what was thrown and the page. A throw with no frame of the site's own code in its stack is
 * clubsite's, and stays a bug report. Its words are in the catalogue (messages/).
 */
import { framesOf, type SourceFrame } from './site-code-map.ts';
import { ContentError } from '../errors.ts';
import { say } from '../messages/say.ts';

/** How many of the calls that led to the throw the hint names. */
const CALLERS = 3;

const at = (frame: SourceFrame) => `${frame.name ? `${frame.name} ` : ''}(${frame.file}:${frame.line}:${frame.column})`;

/** What was thrown, in one line: its message, or the value itself. */
function thrownText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.split('\n')[0] ?? '';
}

/** The problem a site's throw is, or undefined when the throw is not from the site's own code. */
export function siteCodeError(
  error: unknown,
  page: { template: string; source: string; route: string },
): ContentError | undefined {
  const own = framesOf(error).filter((frame) => frame.own);
  const [first, ...callers] = own;
  if (!first) return undefined;
  const called = callers.slice(0, CALLERS).map(at);
  return new ContentError({
    code: 'site-code-threw',
    file: first.file,
    line: first.line,
    column: first.column,
    ...say('site-code-threw/page', { thrown: thrownText(error), ...page, called }),
  });
}

/** The problem a throw while the site's code was first run is, or undefined when it is clubsite's. */
export function siteLoadError(error: unknown, entry: string): ContentError | undefined {
  const [first] = framesOf(error).filter((frame) => frame.own);
  if (!first) return undefined;
  return new ContentError({
    code: 'site-code-threw',
    file: first.file,
    line: first.line,
    column: first.column,
    ...say('site-code-threw/load', { thrown: thrownText(error), entry }),
  });
}
