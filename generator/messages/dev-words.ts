/**
 * What `clubsite dev` prints in the terminal while it runs, in the tool's languages: the line it
 * starts with, one line a rebuild (what was saved, what the open pages were told, how long it
 * took), and its own troubles (the watcher, a browser it could not open).
 */
import type { Language } from './say.ts';

export interface DevWords {
  /** «40 pages», or that the first build failed, in «clubsite dev: … in 812 ms → http://… (Ctrl+C to stop)». */
  started: (pages: number | undefined, ms: string, url: string) => string;
  watching: (folders: string[]) => string;
  /** What a rebuild was for: the first build, a few files, or a few and how many more. */
  firstBuild: string;
  andMore: (shown: string[], more: number) => string;
  /** What a rebuild did, after «17:18:36 content/pages/om.md →». */
  problems: (count: number) => string;
  swapped: (changed: number) => string;
  fixed: string;
  nothingChanged: string;
  reloaded: (changed: number) => string;
  savedAsItWas: string;
  /** Under the problems when the site gives no overlay words of its own. */
  problemsFound: (count: number, served: boolean) => string;
  watcherFailed: (message: string) => string;
  noBrowser: (url: string) => string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const DEV_WORDS: Record<Language, DevWords> = {
  en: {
    started: (pages, ms, url) =>
      `clubsite dev: ${pages === undefined ? 'the site could not be built' : plural(pages, 'page', 'pages')} in ${ms} → ${url} (Ctrl+C to stop)`,
    watching: (folders) => `Watching ${folders.join(', ')}`,
    firstBuild: 'first build',
    andMore: (shown, more) => `${shown.join(', ')} and ${more} more`,
    problems: (count) => `✖ ${plural(count, 'problem', 'problems')}`,
    swapped: (changed) => `stylesheet swapped, ${plural(changed, 'file', 'files')} changed`,
    fixed: '✔ fixed, nothing else changed',
    nothingChanged: 'nothing changed',
    reloaded: (changed) => `pages reloaded, ${plural(changed, 'file', 'files')} changed`,
    savedAsItWas: 'saved as it was, nothing to build',
    problemsFound: (count, served) =>
      `${plural(count, 'problem', 'problems')} found; ${served ? 'the last good site is still served' : 'nothing to serve until they are fixed'}. Save a fix and the page reloads.`,
    watcherFailed: (message) => `✖ watching files: ${message}`,
    noBrowser: (url) => `Could not open a browser; open ${url} yourself.`,
  },
  nb: {
    started: (pages, ms, url) =>
      `clubsite dev: ${pages === undefined ? 'nettstedet kunne ikke bygges' : plural(pages, 'side', 'sider')} på ${ms} → ${url} (Ctrl+C for å stoppe)`,
    watching: (folders) => `Følger med på ${folders.join(', ')}`,
    firstBuild: 'første bygging',
    andMore: (shown, more) => `${shown.join(', ')} og ${more} til`,
    problems: (count) => `✖ ${plural(count, 'feil', 'feil')}`,
    swapped: (changed) => `stilarket byttet, ${plural(changed, 'fil', 'filer')} endret`,
    fixed: '✔ rettet, ingenting annet endret',
    nothingChanged: 'ingenting endret',
    reloaded: (changed) => `sidene lastet på nytt, ${plural(changed, 'fil', 'filer')} endret`,
    savedAsItWas: 'lagret uendret, ingenting å bygge',
    problemsFound: (count, served) =>
      `${plural(count, 'feil', 'feil')} funnet; ${served ? 'den siste versjonen som virket, vises fortsatt' : 'ingenting å vise før de er rettet'}. Lagre en rettelse, så lastes siden på nytt.`,
    watcherFailed: (message) => `✖ filene kan ikke følges med på: ${message}`,
    noBrowser: (url) => `Kunne ikke åpne en nettleser; åpne ${url} selv.`,
  },
};
