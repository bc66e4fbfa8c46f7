/**
 * A kept file's parts that are read only when asked for (build/source-cache.ts): a page's text
 * and body, read from its file and checked to be the text the build that kept it read, and the
 * places of a YAML file's values, parsed from the JSON they were kept as.
 *
 * The getters are functions shared by every kept source: 10,000 objects given the same
 * accessors share one shape, where a closure each would give each object a shape of its own
 * (slower to make and to read). They are added to objects that have no such property yet: a
 * property turned from a value into a getter would cost the object its shape too.
 */
import { ContentError } from '../errors.ts';
import { readBytes } from '../load/content-files.ts';
import { decodeText, MAX_TEXT_BYTES } from '../load/decode-text.ts';
import { knowTextHash, textHash } from '../load/text-hash.ts';
import type { PageSource, YamlSource } from '../model/source.ts';

/** A kept YAML source's places, parsed from `json` when first asked for. */
export function nodesOnDemand(source: YamlSource, json: string): void {
  if (typeof json !== 'string') throw new Error('not a kept file');
  keptNodes.set(source, json);
  Object.defineProperty(source, 'nodes', KEPT_NODES);
}

const KEPT_NODES: PropertyDescriptor = {
  get(this: YamlSource) {
    const nodes = JSON.parse(keptNodes.get(this) ?? '[]') as YamlSource['nodes'];
    Object.defineProperty(this, 'nodes', { value: nodes, enumerable: true, writable: true, configurable: true });
    return nodes;
  },
  enumerable: true,
  configurable: true,
};

/** The JSON of kept YAML sources' places: kept again without parsing it. */
const keptNodes = new WeakMap<YamlSource, string>();

/** A YAML source's places as JSON text: as it was kept, else made. */
export const nodesJson = (source: YamlSource): string => keptNodes.get(source) ?? JSON.stringify(source.nodes);

/** A kept page's body's length, known without reading its text. */
export const keptBodyLength = (source: PageSource): number | undefined => keptTexts.get(source)?.bodyLength;

/** Where a kept page's text is, what it was, and (once read) the text. */
interface KeptText {
  absolute: string;
  hash: string;
  bodyLength: number;
  forget: () => void;
  text?: string;
}

/**
 * A kept page's text and body, read from its file (`absolute`) when first asked for, and checked
 * to be the text whose hash is `hash`; `forget` is told when it is not.
 */
export function readOnDemand(
  absolute: string,
  source: PageSource,
  kept: { hash: string; bodyLength: number },
  forget: () => void,
): void {
  const { hash, bodyLength } = kept;
  knowTextHash(source, hash);
  keptTexts.set(source, { absolute, hash, bodyLength, forget });
  // One property at a time: defineProperties reads its descriptors afresh for each object.
  Object.defineProperty(source, 'text', KEPT_TEXT);
  Object.defineProperty(source, 'body', KEPT_BODY);
}

const keptTexts = new WeakMap<PageSource, KeptText>();

function keptText(source: PageSource): KeptText & { text: string } {
  const kept = keptTexts.get(source);
  if (!kept) throw new Error(`${source.file}: no kept text`);
  if (kept.text === undefined) {
    const bytes = readBytes(kept.absolute, source.file, MAX_TEXT_BYTES);
    const now = bytes === undefined ? undefined : decodeText(source.file, bytes);
    if (now === undefined || textHash(now) !== kept.hash) {
      // Its stamp said it was as it was: the kept files are not believed again.
      kept.forget();
      throw new ContentError({
        code: 'unreadable-file',
        file: source.file,
        message: 'The file changed while the site was being built.',
        hint: 'Build again once the file is saved.',
      });
    }
    kept.text = now;
  }
  return kept as KeptText & { text: string };
}

const KEPT_TEXT: PropertyDescriptor = {
  get(this: PageSource) {
    return keptText(this).text;
  },
  enumerable: true,
  configurable: true,
};

const KEPT_BODY: PropertyDescriptor = {
  get(this: PageSource) {
    const { text, bodyLength } = keptText(this);
    return text.slice(text.length - bodyLength);
  },
  enumerable: true,
  configurable: true,
};
