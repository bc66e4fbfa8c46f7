/**
 * The first hits of a query, known for certain before the postings of every word it matched
 * are in. A common word matches many words one letter off (all over the alphabet, so in many
 * parts); they change no more than a document's field scores (see settlesRank), and never by
 * more than their best Fuse.js score. From the postings of the other words (those that name
 * the query in a title or hold it, and the rare words, whose postings come with them) and
 * that bound, the best documents whose place cannot change are the first hits: the same, in
 * the same order, as the whole ranking gives (search-rank.ts); a hit's score may still get
 * better by a word to come (the whole ranking's result carries the final one).
 */
import { fieldScore, rankTier, shownKind, type TokenMatches } from './search-rank.ts';
import { EXACT, LOOSE, type MatchKind } from './search-words.ts';

/** What is known of one word of the query before the rest of its postings are in. */
export interface EarlyMatches {
  /** What the words in already gave. */
  matches: TokenMatches;
  /** The best Fuse.js score among the words whose postings are still to come (Infinity: none). */
  least: number;
}

/**
 * The best documents, best first (at most `limit`), whose place among all is already certain:
 * each holds a match for every word of the query, and no other document can come before it
 * whatever the words to come hold. Its score is the worst it can have. Empty when none is
 * certain yet.
 */
export function certainBest(
  perToken: EarlyMatches[],
  count: number,
  limit: number,
  later?: Uint8Array,
): Array<{ doc: number; score: number }> {
  const single = perToken.length === 1 ? perToken[0] : undefined;
  // Only the few documents the words in hold are looked at closely: the page's code is cold.
  const seenDocs: number[] = [];
  for (let doc = 0; doc < count; doc += 1)
    for (const { matches } of perToken)
      if (matches.found[doc] === 1) {
        seenDocs.push(doc);
        break;
      }
  // Each document's kind of match is known now: a word that holds the query word or a typo of
  // it settles a rank, so its postings are in; a word to come is a loose match.
  const kindOf = (doc: number) =>
    perToken.reduce<MatchKind>((kind, { matches }) => {
      const own = matches.found[doc] === 1 ? (matches.kind[doc] as MatchKind) : LOOSE;
      return own > kind ? own : kind;
    }, EXACT);
  const kinds = seenDocs.map(kindOf);
  const exact = kinds.filter((kind) => kind === EXACT).length;
  const shown = shownKind(exact, kinds.filter((kind) => kind !== LOOSE).length - exact);
  // The best (tier, score) any document not known for certain could still have.
  let otherTier = Number.POSITIVE_INFINITY;
  let otherScore = Number.POSITIVE_INFINITY;
  const other = (tier: number, score: number) => {
    if (tier < otherTier || (tier === otherTier && score < otherScore)) {
      otherTier = tier;
      otherScore = score;
    }
  };
  // A document none of the words in holds: only the words to come can find it, as a loose
  // match, shown only when no closer one is.
  if (shown === LOOSE && perToken.every(({ least }) => least !== Number.POSITIVE_INFINITY))
    other(
      rankTier(LOOSE, 2),
      perToken.reduce((score, { least }) => score * fieldScore(least) * fieldScore(least), 1),
    );
  const members: Candidate[] = [];
  const others: Candidate[] = [];
  let named = 0;
  for (const [at, doc] of seenDocs.entries()) {
    const kind = kinds[at] as MatchKind;
    if (kind > shown) continue;
    let seen = false;
    let possible = true;
    let all = true;
    let exact = true;
    let allNamed = true;
    let best = 1;
    let score = 1;
    let often = Number.POSITIVE_INFINITY;
    for (const { matches, least } of perToken) {
      if (matches.found[doc] !== 1) {
        all = false;
        allNamed = false;
        if (least === Number.POSITIVE_INFINITY) possible = false;
        best *= fieldScore(least) * fieldScore(least);
        continue;
      }
      seen = true;
      const title = matches.title[doc] as number;
      const text = matches.text[doc] as number;
      if (title > least || text > least) exact = false;
      best *= fieldScore(Math.min(title, least)) * fieldScore(Math.min(text, least));
      score *= fieldScore(title) * fieldScore(text);
      if (matches.named[doc] !== 0) allNamed = false;
      let most = 0;
      for (let form = 0; form < matches.forms; form += 1)
        most = Math.max(most, matches.often[doc * matches.forms + form] as number);
      often = Math.min(often, most);
    }
    if (!seen || !possible) continue;
    const naming = allNamed ? 0 : single ? (single.matches.named[doc] as number) : 2;
    const tier = rankTier(kind, naming);
    const names = kind === EXACT && naming === 0;
    if (names) named += 1;
    (all ? members : others).push({
      doc,
      tier,
      best,
      score,
      often,
      exact: all && exact,
      names,
      later: later?.[doc] ?? 0,
    });
  }
  // The documents the other words alone may find come after every document they beat.
  for (const { tier, best } of others) other(tier, best);
  members.sort(
    (a, b) => a.tier - b.tier || a.score - b.score || a.later - b.later || b.often - a.often || a.doc - b.doc,
  );
  const first: Array<{ doc: number; score: number }> = [];
  let firstNamed = 0;
  for (let at = 0; at < members.length && first.length < limit; at += 1) {
    const member = members[at] as Candidate;
    if (!beats(member, otherTier, otherScore)) break;
    // Every member after it in this order has a worst score no better; it must beat their best.
    let certain = true;
    for (let next = at + 1; next < members.length && certain; next += 1)
      certain = before(member, members[next] as Candidate);
    if (!certain) break;
    first.push({ doc: member.doc, score: member.score });
    if (member.names) firstNamed += 1;
  }
  // A title that is just the query leads the hits shown (search-index.ts), and every such
  // title names the query: with a named document still unplaced, the lead is not certain.
  return first.length === limit || firstNamed === named ? first : [];
}

/** A document that holds a match (or may): its title rank, its score at best and at worst (`score`). */
interface Candidate {
  doc: number;
  tier: number;
  best: number;
  score: number;
  often: number;
  /** Whether its score is known: `best` and `score` are the same. */
  exact: boolean;
  /** Whether its title holds every word of the query (it may be just the query, and lead). */
  names: boolean;
  /** 1 when it ranks after the site's own pages at an equal score (SearchOptions.later). */
  later: number;
}

/** Whether a document comes before any whose title rank and score are at best these. */
function beats(candidate: Candidate, tier: number, score: number): boolean {
  return candidate.tier < tier || (candidate.tier === tier && candidate.score < score);
}

/** Whether `a` comes before `b` whatever the words to come hold. */
function before(a: Candidate, b: Candidate): boolean {
  if (beats(a, b.tier, b.best)) return true;
  if (!a.exact || !b.exact || a.tier !== b.tier || a.score !== b.score) return false;
  if (a.later !== b.later) return a.later < b.later;
  return a.often > b.often || (a.often === b.often && a.doc < b.doc);
}
