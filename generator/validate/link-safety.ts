/**
 * Links that must never reach a visitor, in any spelling a browser still understands:
 * `javascript:`, `vbscript:` and `data:` URLs, written in capitals, with HTML entities
 * (`&#106;avascript:`), percent escapes or whitespace and control characters inside
 * (`java\tscript:`), which browsers drop. And plain `http://`, which works but should not.
 */
import { say } from '../messages/say.ts';

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: ' ', amp: '&' };

/** Undoes what a browser or Markdown would undo before reading the scheme. */
function decode(url: string): string {
  const entities = url.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
  return entities.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The unsafe scheme a link uses ('javascript', 'vbscript' or 'data'), or undefined. */
export function unsafeScheme(url: string): string | undefined {
  const decoded = decode(url);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop control characters inside a scheme, so do we.
  const squeezed = decoded.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();
  const script = /^(javascript|vbscript):/.exec(squeezed);
  if (script) return script[1];
  // `data:` only when it reads as a URL (`data:text/html,…`), not as prose («Data: vi lagrer …»).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
  const unbroken = decoded.replace(/[\u0000-\u001f\u007f]+/g, '').trim();
  return /^data:[^\s,]*[,;]/i.test(unbroken) ? 'data' : undefined;
}

/** True for an external link that could be https. */
export function isPlainHttp(url: string): boolean {
  return /^http:\/\//i.test(url.trim());
}

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** 'U+0000' for the first control character in a text. */
export function controlCharacterName(text: string): string | undefined {
  const found = CONTROL_CHARACTER.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function unsafeLinkMessage(url: string, scheme: string): ReturnType<typeof say> {
  const shown = JSON.stringify(url.length > 60 ? `${url.slice(0, 57)}...` : url);
  return say('unsafe-link', { shown, scheme });
}
