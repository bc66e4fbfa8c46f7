/**
 * The lines around the problems that a volunteer reads in the output of build, check and dev:
 * the hint's label, how many problems and warnings, and the summary, in the tool's languages.
 */
import type { OverlayWords } from '../../client/shared/dev-messages.ts';
import type { Language } from './say.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface SummaryWords {
  hint: string;
  /** «2 problems found; dist/ was left as it was.» */
  problemsFound: (count: number, out?: string) => string;
  /** «2 warnings (the build went on).»; `check` builds nothing, so it says the content is valid all the same. */
  warnings: (count: number, building: boolean) => string;
  /** «44 pages → dist in 812 ms (now: 2025-12-10T17:00:00.000Z)» */
  pages: (count: number, out: string | undefined, ms: number, now: string) => string;
  /** «✔ content is valid» */
  valid: string;
  /** The dev server's own failure, in the overlay. */
  bug: string;
  /** The head of a failed workflow's job summary on GitHub, and what it means for the live site. */
  refused: (count: number) => string;
  liveSiteKept: string;
  /** The dev overlay's words around the problems. */
  overlay: OverlayWords;
}

export const SUMMARY_WORDS: Record<Language, SummaryWords> = {
  en: {
    hint: 'Hint',
    problemsFound: (count, out) =>
      `${plural(count, 'problem', 'problems')} found${out === undefined ? '.' : `; ${out} was left as it was.`}`,
    warnings: (count, building) =>
      `${plural(count, 'warning', 'warnings')} (${building ? 'the build went on' : 'the content is valid all the same'}).`,
    pages: (count, out, ms, now) =>
      `${plural(count, 'page', 'pages')}${out ? ` → ${out}` : ''} in ${ms.toFixed(0)} ms (now: ${now})`,
    valid: 'content is valid',
    bug: 'This is a bug in clubsite, not in your content: the terminal shows the full trace. Saving a file tries again.',
    refused: (count) => `${plural(count, 'problem', 'problems')} in the content: nothing was published`,
    liveSiteKept: 'The live site stays as it was. Fix the file and save it again.',
    overlay: {
      hint: 'Hint',
      titleOne: 'clubsite: {n} problem in the site',
      titleMany: 'clubsite: {n} problems in the site',
      hide: 'Hide',
      note: 'Fix the file and save: this page updates by itself. Until then you see the last version that worked.',
      servedOne: '{n} problem found; the last good site is still served. Save a fix and the page reloads.',
      servedMany: '{n} problems found; the last good site is still served. Save a fix and the page reloads.',
      noneServed: 'Problems found: {n}; nothing to serve until they are fixed. Save a fix and the page reloads.',
    },
  },
  nb: {
    hint: 'Tips',
    problemsFound: (count, out) =>
      `${plural(count, 'feil', 'feil')} funnet${out === undefined ? '.' : `; ${out} er ikke endret.`}`,
    warnings: (count, building) =>
      `${plural(count, 'advarsel', 'advarsler')} (${building ? 'nettstedet ble bygget likevel' : 'innholdet er gyldig likevel'}).`,
    pages: (count, out, ms, now) =>
      `${plural(count, 'side', 'sider')}${out ? ` → ${out}` : ''} på ${ms.toFixed(0)} ms (nå: ${now})`,
    valid: 'innholdet er gyldig',
    bug: 'Dette er en feil i clubsite, ikke i innholdet ditt: terminalen viser hele sporet. Lagre en fil for å prøve igjen.',
    refused: (count) => `${plural(count, 'feil', 'feil')} i innholdet: ingenting ble publisert`,
    liveSiteKept: 'Nettstedet er som det var. Rett filen og lagre den på nytt.',
    overlay: {
      hint: 'Tips',
      titleOne: 'clubsite: {n} feil på nettstedet',
      titleMany: 'clubsite: {n} feil på nettstedet',
      hide: 'Skjul',
      note: 'Rett filen og lagre: denne siden oppdaterer seg selv. Til da ser du den siste versjonen som virket.',
      servedOne:
        '{n} feil funnet; den siste versjonen som virket, vises fortsatt. Lagre en rettelse, så lastes siden på nytt.',
      servedMany:
        '{n} feil funnet; den siste versjonen som virket, vises fortsatt. Lagre en rettelse, så lastes siden på nytt.',
      noneServed: '{n} feil funnet; ingenting å vise før de er rettet. Lagre en rettelse, så lastes siden på nytt.',
    },
  },
};
