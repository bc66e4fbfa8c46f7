/**
 * What the file system's error codes mean, and the one warning of a build cache the disk
 * refuses (pipeline/cache-fault.ts), in the tool's languages. The output folder's own errors
 * (publish/output-error.ts) are printed before a site's language is known: English.
 */
import type { Language } from './say.ts';

type Causes = Readonly<Record<string, string>>;

const EN_CAUSES: Causes = {
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted there',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENAMETOOLONG: 'the name is too long for the file system',
  ELOOP: 'the path loops through symlinks',
  EBUSY: 'the folder is in use (is it a mount point?)',
  EIO: 'the disk reported an input/output error',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EXDEV: 'the folder is on another disk than its parent (a mount point?)',
  ENOENT: 'a folder on the way does not exist or cannot hold new folders',
  EEXIST: 'something else appeared there while the site was written',
  ENOTEMPTY: 'something else appeared there while the site was written',
};

const NB_CAUSES: Causes = {
  EACCES: 'ingen tillatelse',
  EPERM: 'handlingen er ikke tillatt der',
  EROFS: 'disken kan bare leses',
  ENOSPC: 'disken er full',
  EDQUOT: 'diskkvoten er brukt opp',
  ENOTDIR: 'en del av stien er en fil, ikke en mappe',
  ENAMETOOLONG: 'navnet er for langt for filsystemet',
  ELOOP: 'stien går i ring gjennom symbolske lenker',
  EBUSY: 'mappen er i bruk (er den et monteringspunkt?)',
  EIO: 'disken meldte en lese- eller skrivefeil',
  EMFILE: 'for mange filer er åpne',
  ENFILE: 'for mange filer er åpne',
  EXDEV: 'mappen er på en annen disk enn mappen over (et monteringspunkt?)',
  ENOENT: 'en mappe på veien finnes ikke eller kan ikke få nye mapper',
  EEXIST: 'noe annet dukket opp der mens nettstedet ble skrevet',
  ENOTEMPTY: 'noe annet dukket opp der mens nettstedet ble skrevet',
};

export const CAUSES: Record<Language, Causes> = { en: EN_CAUSES, nb: NB_CAUSES };

/** A code's words, or the code itself where the table has none. */
export function causeOf(code: string, language: Language): string {
  return CAUSES[language][code] ?? (language === 'nb' ? `systemet svarte ${code}` : `the system answered ${code}`);
}

/** The warning of a cache in `shown` that could not be used, for `cause` (a code of the file system). */
export function cacheFaultWords(shown: string, code: string, language: Language): string {
  const cause = causeOf(code, language);
  return language === 'nb'
    ? `Hurtigbufferen i ${shown} kunne ikke brukes (${cause}): nettstedet ble bygget uten den, og neste bygging prøver igjen.`
    : `The build cache in ${shown} could not be used (${cause}): the site was built without it, and the next build will try again.`;
}
