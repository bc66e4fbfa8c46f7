/**
 * A YAML syntax error as a volunteer can act on it: what is wrong in plain words, at the line
 * where the mistake is. The `yaml` package tells where it gave up, which for a bracket or a
 * quote left open is the line after («Flow map in block collection must be sufficiently
 * indented and end with a }» below `- { group: A, … location: Spicheren`): the opening is
 * found by reading the text up to there.
 */
import type { YamlTrouble } from '../messages/values.ts';

interface YamlError {
  code: string;
  message: string;
  pos: [number, number];
}

/** What went wrong, and the offset in `text` of the mistake. */
export function yamlTrouble(text: string, error: YamlError): { trouble: YamlTrouble; offset: number } {
  const at = error.pos[0];
  const line = lineAt(text, at);
  const flow = /^Flow (map|sequence)/.exec(error.message);
  if (error.code === 'BAD_INDENT' && flow) {
    const opener = flow[1] === 'map' ? '{' : '[';
    const open = openingsBefore(text, at).brackets.findLast((bracket) => bracket.char === opener);
    const closer = opener === '{' ? '}' : ']';
    return { trouble: { kind: 'unclosed', opener, closer }, offset: open?.offset ?? at };
  }
  if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
    const quote = error.message.includes("'") ? "'" : '"';
    return { trouble: { kind: 'quote', quote }, offset: openingsBefore(text, at).quote ?? at };
  }
  if (error.code === 'TAB_AS_INDENT') return { trouble: { kind: 'tab' }, offset: at };
  if (error.code === 'DUPLICATE_KEY') {
    const key = /^\s*(?:-\s+)?["']?([^:"']+)/.exec(line.text.slice(at - line.start))?.[1]?.trim() ?? '';
    return { trouble: { kind: 'twice', key }, offset: at };
  }
  if (error.code === 'MULTILINE_IMPLICIT_KEY' || error.code === 'BLOCK_AS_IMPLICIT_KEY') {
    const colon = /:[^\s]/.test(line.text) || /:\s.*:\s/.test(line.text);
    return { trouble: { kind: colon ? 'colon' : 'indent' }, offset: colon ? line.start + indentOf(line.text) : at };
  }
  if (error.code === 'BAD_INDENT') return { trouble: { kind: 'indent' }, offset: at };
  const stray = /^Unexpected flow-(?:seq|map)-end token in YAML stream: "(.)"/.exec(error.message);
  if (stray) return { trouble: { kind: 'stray', char: stray[1] ?? '' }, offset: at };
  const detail = (error.message.split('\n')[0] ?? error.code)
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/\.$/, '');
  return { trouble: { kind: 'other', detail }, offset: at };
}

const indentOf = (line: string) => line.length - line.trimStart().length;

function lineAt(text: string, offset: number): { start: number; text: string } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', start);
  return { start, text: text.slice(start, end === -1 ? undefined : end) };
}

/**
 * The brackets and the quote still open at `end`, reading as YAML does: a bracket or a quote
 * opens only where a value starts (after «: », «- », «[», «{» or «,»), so the apostrophe in
 * «Don't» or a [ inside a sentence is text; a # after a space starts a comment.
 */
function openingsBefore(
  text: string,
  end: number,
): { brackets: Array<{ char: string; offset: number }>; quote?: number } {
  const brackets: Array<{ char: string; offset: number }> = [];
  let quote: { char: string; offset: number } | undefined;
  let before = '\n';
  for (let index = 0; index < end; index += 1) {
    const char = text[index] ?? '';
    if (quote) {
      if (quote.char === '"' && char === '\\') index += 1;
      else if (quote.char === "'" && char === "'" && text[index + 1] === "'") index += 1;
      else if (char === quote.char) quote = undefined;
      before = 'x';
      continue;
    }
    if (char === '#' && /\s/.test(text[index - 1] ?? '\n')) {
      const next = text.indexOf('\n', index);
      index = next === -1 ? end : next - 1;
      continue;
    }
    const valueStarts = /[\n:\-[{,]/.test(before);
    if ((char === '"' || char === "'") && valueStarts) quote = { char, offset: index };
    else if ((char === '[' || char === '{') && (valueStarts || brackets.length > 0))
      brackets.push({ char, offset: index });
    else if ((char === ']' || char === '}') && brackets.length > 0) brackets.pop();
    if (char === '\n') before = '\n';
    else if (char !== ' ') before = char;
  }
  return { brackets, quote: quote?.offset };
}
