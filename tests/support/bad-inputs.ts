/**
 * The bad-input corpus (tests/build/bad-input-corpus.test.ts): a case breaks a copy of a site's
 * content one way, as a careless or hostile editor would, and names every problem's place as
 * the build must print it. The changes are written relative to the site's content folder.
 */

export type Change =
  | { edit: string; from: string | RegExp; to: string }
  | { write: string; text: string | Uint8Array }
  | { remove: string }
  | { link: string; target: string };

export interface Case {
  name: string;
  changes: Change[];
  /** Every problem's location as printed (file:line, or the file alone where it has no lines), in order. */
  expected: string[];
  /** Text the report must contain (the hint a volunteer needs). */
  says?: string[];
}

/** The changes of a site whose content folder is `content` (relative to the project). */
export function changesIn(content: string) {
  return {
    edit: (file: string, from: string | RegExp, to: string): Change => ({ edit: `${content}/${file}`, from, to }),
    write: (file: string, text: string | Uint8Array): Change => ({ write: `${content}/${file}`, text }),
    remove: (file: string): Change => ({ remove: `${content}/${file}` }),
    link: (file: string, target: string): Change => ({ link: `${content}/${file}`, target }),
  };
}

export const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0) & 0xff));

/** 50 MB that start like a PNG. */
export const hugePng = () => {
  const bytes = new Uint8Array(50 * 1024 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

export const page = (title: string, body = 'Tekst.') => `---\ntitle: ${title}\ndescription: En side.\n---\n\n${body}\n`;

/** A YAML alias bomb: eight levels of nine aliases each. */
export const bomb = [
  'a: &a [x, x, x, x, x, x, x, x, x]',
  ...'bcdefgh'
    .split('')
    .map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[index]}`).join(', ')}]`),
  '',
].join('\n');
