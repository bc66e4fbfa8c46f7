/** The lines a build or check ends with: pages, sizes, the cache, the next change, in the site's language. */
import type { BuildResult } from './pipeline/build.ts';
import type { RecordedFigures } from './pipeline/last-build.ts';
import type { Language } from './errors.ts';
import { FIGURE_WORDS, type FigureWords } from './messages/figure-words.ts';
import { languageOf } from './messages/say.ts';
import { SUMMARY_WORDS } from './messages/summary-words.ts';
import { wallClockText } from './now.ts';

/**
 * A small index is told as a visitor downloads it, compressed; a large one by its size and
 * parts (compressing megabytes to print one figure would cost seconds, and a query loads a few parts).
 */
function searchSize(words: FigureWords, stats: RecordedFigures): string {
  if (stats.searchIndexGzip !== undefined) return `${words.kilobytes(stats.searchIndexGzip)} gzip`;
  return words.megabytesInParts(stats.searchIndexBytes, stats.searchIndexParts);
}

/** What the summary tells: a build's figures, what the cache did and when the output next changes. */
export interface SummaryFacts {
  language: Language;
  now: Date;
  /** The site's time zone: the build's instant is told as its wall clock shows it, as the next change is. */
  timeZone: string;
  stats: RecordedFigures;
  cacheText: string;
  nextChange: string;
}

export function summary(result: BuildResult, outDir: string | undefined, totalMs: number): string {
  const facts = {
    language: languageOf(result.site.site.lang),
    now: result.now,
    timeZone: result.site.site.timeZone,
    stats: result.stats,
    cacheText: cacheLine(result),
    nextChange: nextChangeLine(result),
  };
  return summaryOf(facts, outDir, totalMs);
}

export function summaryOf(facts: SummaryFacts, outDir: string | undefined, totalMs: number): string {
  const { stats } = facts;
  const words = FIGURE_WORDS[facts.language];
  const sizes = { html: words.kilobytes(stats.html), js: words.kilobytes(stats.js), css: words.kilobytes(stats.css) };
  const now = wallClockText(facts.now.getTime(), facts.timeZone);
  return [
    SUMMARY_WORDS[facts.language].pages(stats.pages, outDir, totalMs, now),
    `  ${words.sizes({ ...sizes, search: searchSize(words, stats) }, stats.searchDocuments)}`,
    `  ${[facts.cacheText, facts.nextChange].filter((part) => part !== '').join(' · ')}`,
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** The figures a summary prints, as plain numbers (a build measures them when asked). */
export const figuresOf = ({ stats }: BuildResult): RecordedFigures => ({
  pages: stats.pages,
  html: stats.html,
  js: stats.js,
  css: stats.css,
  searchIndexBytes: stats.searchIndexBytes,
  searchIndexParts: stats.searchIndexParts,
  searchIndexGzip: stats.searchIndexGzip,
  searchDocuments: stats.searchDocuments,
});

/** How many pages were rendered and taken from the page cache, or why it was not read. */
export function cacheLine({ cache, site }: Pick<BuildResult, 'cache' | 'site'>): string {
  if (!cache) return '';
  const words = FIGURE_WORDS[languageOf(site.site.lang)];
  const counted = words.cache(cache.rendered, cache.reused);
  return cache.notice ? `${counted} (${words.cacheNotice(cache.notice)})` : counted;
}

/** `next change: 2026-11-27 18:00 (content/nyheter/…)`, in the site's time zone. */
export function nextChangeLine({ nextChange, site, now }: Pick<BuildResult, 'nextChange' | 'site' | 'now'>): string {
  return nextChangeText(nextChange, now.getTime(), site.site.timeZone, languageOf(site.site.lang));
}

export function nextChangeText(
  next: { at: number; reason: string } | undefined,
  now: number,
  timeZone: string,
  language: Language,
): string {
  const words = FIGURE_WORDS[language];
  if (!next) return words.nextChangeNone;
  // A page that shows the build's very instant (instant()) changes at every build.
  if (next.at <= now + 1) return words.nextChangeEveryBuild(next.reason);
  return words.nextChange(wallClockText(next.at, timeZone), next.reason);
}

/** --verbose: why each page was rendered rather than taken from the cache (the first few dozen). */
export function renderReasons({ cache }: BuildResult): string | undefined {
  if (!cache || cache.reasons.length === 0) return undefined;
  const shown = cache.reasons.slice(0, 40).map(({ route, reason }) => `  ${route}: ${reason}`);
  const more = cache.reasons.length - shown.length;
  return ['rendered:', ...shown, ...(more > 0 ? [`  and ${more} more`] : [])].join('\n');
}
