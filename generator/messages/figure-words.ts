/**
 * The figures under a build's or check's first summary line, in the tool's languages: the
 * sizes, what the page cache did (and why it was not read), and when the output next changes
 * by itself. Instants are given already as the site's wall clock (now.ts).
 */
import type { Language } from './say.ts';

export interface FigureWords {
  /** «328.9 KB»; Norwegian writes a decimal comma. */
  kilobytes: (bytes: number) => string;
  /** A large search index: «1.2 MB in 3 parts». */
  megabytesInParts: (bytes: number, parts: number) => string;
  /** «HTML 328.9 KB · JS … · CSS … · search index 17.7 KB gzip (107 documents)» */
  sizes: (sizes: { html: string; js: string; css: string; search: string }, documents: number) => string;
  /** «40 rendered, 0 reused» */
  cache: (rendered: number, reused: number) => string;
  /** Why the page cache was not read, as the pipeline says it in English (pipeline/cache-file.ts). */
  cacheNotice: (notice: string) => string;
  /** «nothing changed since the build at 2026-12-02 17:19: dist/ left as it was» */
  unchanged: (builtAt: string, out: string) => string;
  nextChange: (at: string, reason: string) => string;
  /** A page that shows the build's very instant changes at every build. */
  nextChangeEveryBuild: (reason: string) => string;
  nextChangeNone: string;
  /** `next-change` processed photos the photo cache did not hold, and kept none. */
  photosNotKept: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The page cache's notices in Norwegian, matched on the pipeline's English (which stays
 * English in the record and the tests): an unknown notice is printed as it is.
 */
const NB_NOTICES: Array<[RegExp, (...parts: string[]) => string]> = [
  [/^no page cache yet: every page is rendered$/, () => 'ingen hurtigbuffer ennå: alle sidene lages'],
  [
    /^the page cache is not as it was kept \(cut short, changed or another’s\): every page is rendered$/,
    () => 'hurtigbufferen er ikke slik den ble lagret (avkortet, endret eller en annens): alle sidene lages',
  ],
  [
    /^the page cache is from another version of clubsite: every page is rendered$/,
    () => 'hurtigbufferen er fra en annen versjon av clubsite: alle sidene lages',
  ],
  [
    /^the page cache cannot be read \(a build stopped while writing it\?\): every page is rendered$/,
    () => 'hurtigbufferen kan ikke leses (stoppet en bygging mens den skrev den?): alle sidene lages',
  ],
  [
    /^the page cache was made by other clubsite code: every page is rendered$/,
    () => 'hurtigbufferen ble laget av annen clubsite-kode: alle sidene lages',
  ],
  [/^the page cache is not whole: every page is rendered$/, () => 'hurtigbufferen er ikke hel: alle sidene lages'],
  [
    /^the cache of an earlier clubsite in (.+) was taken over: a cold build$/,
    (shown) => `hurtigbufferen til en eldre clubsite i ${shown} ble tatt over: alle sidene lages`,
  ],
];

function noticeInNorwegian(notice: string): string {
  for (const [pattern, worded] of NB_NOTICES) {
    const match = pattern.exec(notice);
    if (match) return worded(...match.slice(1));
  }
  return notice;
}

const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const comma = (figure: string) => figure.replace('.', ',');

export const FIGURE_WORDS: Record<Language, FigureWords> = {
  en: {
    kilobytes: (bytes) => `${kilobytes(bytes)} KB`,
    megabytesInParts: (bytes, parts) => `${megabytes(bytes)} MB in ${parts} parts`,
    sizes: ({ html, js, css, search }, documents) =>
      `HTML ${html} · JS ${js} · CSS ${css} · search index ${search} (${plural(documents, 'document', 'documents')})`,
    cache: (rendered, reused) => `${rendered} rendered, ${reused} reused`,
    cacheNotice: (notice) => notice,
    unchanged: (builtAt, out) => `nothing changed since the build at ${builtAt}: ${out} left as it was`,
    nextChange: (at, reason) => `next change: ${at} (${reason})`,
    nextChangeEveryBuild: (reason) => `next change: every build (${reason} shows the build's time)`,
    nextChangeNone: 'next change: none',
    photosNotKept:
      'Photos not in the photo cache were processed for this answer and not kept (clubsite build keeps them).',
  },
  nb: {
    kilobytes: (bytes) => `${comma(kilobytes(bytes))} KB`,
    megabytesInParts: (bytes, parts) => `${comma(megabytes(bytes))} MB i ${parts} deler`,
    sizes: ({ html, js, css, search }, documents) =>
      `HTML ${html} · JS ${js} · CSS ${css} · søkeindeks ${search} (${plural(documents, 'dokument', 'dokumenter')})`,
    cache: (rendered, reused) => `${rendered} laget på nytt, ${reused} gjenbrukt`,
    cacheNotice: noticeInNorwegian,
    unchanged: (builtAt, out) => `ingenting er endret siden byggingen ${builtAt}: ${out} er ikke endret`,
    nextChange: (at, reason) => `neste endring: ${at} (${reason})`,
    nextChangeEveryBuild: (reason) => `neste endring: ved hver bygging (${reason} viser tidspunktet for byggingen)`,
    nextChangeNone: 'neste endring: ingen',
    photosNotKept:
      'Bilder som ikke lå i bildebufferen, ble behandlet for dette svaret og ikke tatt vare på (clubsite build tar vare på dem).',
  },
};
