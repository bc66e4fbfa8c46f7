/** Small word comparisons the search ranking uses (site-search.ts), kept apart to test them alone. */

/** Whether two words differ by one letter changed, added or left out, or two letters side by side swapped. */
export function oneEditApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * How a word of the site that Fuse.js matched stands to a word of the query, closest first.
 * EXACT: it holds the query word, as a whole, at its start («hvalen») or inside
 * («medlemskontingent» for «kontingent»), read without accents and with æ and ø spelt out, so
 * «sjolove» typed on a phone without ø is «sjøløve». CLOSE: it is the query word with one
 * typo (see oneEditApart; «hval» for «hvak»). CLOSE_START: it starts with the query word with
 * one typo, for a query word of five letters or more («dommerkurset» for «dommar»). LOOSE: any
 * other match within Fuse.js's threshold, such as a shorter word inside the query («hva» for
 * «hval») or a letter off inside a longer word («kris» in «Kristiansand» for «pris»).
 */
export const EXACT = 0;
export const CLOSE = 1;
export const CLOSE_START = 2;
export const LOOSE = 3;
export type MatchKind = typeof EXACT | typeof CLOSE | typeof CLOSE_START | typeof LOOSE;

/**
 * A query word shorter than four letters has no typos: one letter off a word of three is
 * another word. A four-letter one has no typo one letter shorter or longer, nor at a word's
 * start: «hva» is in every other question, and «Kristiansand» starts one letter off «pris».
 */
export function matchKind(word: string, token: string): MatchKind {
  const plain = plainLetters(word);
  const wanted = plainLetters(token);
  if (plain.includes(wanted)) return EXACT;
  const length = wanted.length;
  if (length < 4) return LOOSE;
  const lengthFits = plain.length === length || (length >= 5 && Math.abs(plain.length - length) === 1);
  if (lengthFits && oneEditApart(plain, wanted)) return CLOSE;
  if (length >= 5)
    for (let end = length - 1; end <= length + 1 && end < plain.length; end += 1)
      if (oneEditApart(plain.slice(0, end), wanted)) return CLOSE_START;
  return LOOSE;
}

/** Letters a keyboard may lack, spelt as their slugs spell them (slugOf in generator/urls.ts). */
const SPELLED_OUT: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', þ: 'th' };

/** A word without accents («å» → «a», «é» → «e») and with the letters above spelt out. */
export function plainLetters(word: string): string {
  // Most words are plain already: the site's words are compared on every query.
  if (/^[a-z0-9]*$/.test(word)) return word;
  return word
    .replace(/[æøœßđłþ]/g, (letter) => SPELLED_OUT[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** How many times `form` occurs in `word`, not overlapping (as indexOf from the end of the last). */
export function timesIn(word: string, form: string): number {
  if (form === '') return 0;
  let count = 0;
  for (let at = word.indexOf(form); at !== -1; at = word.indexOf(form, at + form.length)) count += 1;
  return count;
}

/**
 * Whether Fuse.js could match `token` somewhere in `word` within `threshold`, with the location
 * ignored (its score is then errors ÷ the token's length, and a match with e errors keeps at
 * least length − e of the token's letters): a word that holds fewer of them cannot match. Fuse
 * is slow on thousands of words in a cold page; it then scores only the few words left, as
 * it would have scored them among all.
 */
export function couldMatch(token: string, threshold: number): (word: string) => boolean {
  const length = token.length;
  // Fuse splits a longer token in pieces; let it judge every word.
  if (length === 0 || length > 32) return () => true;
  let errors = 0;
  while ((errors + 1) / length <= threshold) errors += 1;
  const need = length - errors;
  // The token's letters (UTF-16 units, as Fuse compares them) and how often each is in it.
  const letters: number[] = [];
  const most: number[] = [];
  for (let at = 0; at < length; at += 1) {
    const letter = token.charCodeAt(at);
    const known = letters.indexOf(letter);
    if (known === -1) {
      letters.push(letter);
      most.push(1);
    } else most[known] = (most[known] ?? 0) + 1;
  }
  const times = new Int32Array(letters.length);
  // One pass over the word, plain loops: it runs on thousands of words in a page's cold code.
  return (word) => {
    times.fill(0);
    let found = 0;
    for (let at = 0; at < word.length; at += 1) {
      const letter = word.charCodeAt(at);
      for (let which = 0; which < letters.length; which += 1) {
        if (letters[which] !== letter) continue;
        if ((times[which] ?? 0) < (most[which] ?? 0)) {
          times[which] = (times[which] ?? 0) + 1;
          found += 1;
          if (found >= need) return true;
        }
        break;
      }
    }
    return false;
  };
}
