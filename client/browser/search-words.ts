/** Small word comparisons the search ranking uses (site-search.ts), kept apart to test them alone. */

/** Whether two words differ by one letter changed, added or left out. */
export function oneEditApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
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
