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
