import type Matter from 'gray-matter';
import { ContentError } from '../errors.ts';
import type { PageSource, YamlSource } from '../model/source.ts';
import { lazyPackage } from '../lazy-package.ts';
import { parseYaml } from './yaml-source.ts';
import { say } from '../messages/say.ts';

/** gray-matter: loaded with the first Markdown page read (a build that keeps every page reads none). */
const matter = lazyPackage<typeof Matter>('gray-matter');

export type { PageSource };

/** content/pages/index.md → /, content/pages/om/styret.md → /om/styret, om/index.yaml → /om */
function routeFromPath(pathInPages: string): string {
  const withoutExtension = pathInPages.replace(/\.(md|yaml|yml)$/, '');
  const parts = withoutExtension.split('/').filter((part) => part !== '');
  if (parts.at(-1) === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

export function parsePage(file: string, pathInPages: string, text: string): PageSource {
  const route = routeFromPath(pathInPages);
  if (!file.endsWith('.md')) {
    return { file, route, frontMatter: parseYaml(file, text), body: '', bodyLineOffset: 0, text };
  }
  // gray-matter reads the language after the opening --- and would run `---js` front matter
  // with eval: front matter is YAML and nothing else.
  const language = /^---[ \t]*(\S+)/.exec(text)?.[1];
  if (language !== undefined && !/^ya?ml$/i.test(language)) {
    throw new ContentError({
      code: 'yaml-syntax',
      file,
      line: 1,
      column: 4,
      ...say('unclosed-front-matter/kind', { language }),
    });
  }
  if (/^---[ \t]*\n/.test(text) && !/\n---[ \t]*(\n|$)/.test(text.slice(3))) {
    throw new ContentError({
      code: 'unclosed-front-matter',
      file,
      line: 1,
      column: 1,
      ...say('unclosed-front-matter'),
    });
  }
  let frontMatter: YamlSource | undefined;
  // gray-matter splits front matter from body; `yaml` parses it so that positions survive.
  // The raw front matter starts right after the opening `---`, so its line numbers are the file's.
  const head = frontMatterBlock(text);
  const parsed = matter()(head, {
    engines: {
      yaml: (raw: string) => {
        frontMatter = parseYaml(file, raw);
        return (frontMatter.data ?? {}) as object;
      },
      // Never reached (the language is checked above); here so no other engine can run.
      javascript: refuse,
      js: refuse,
      json: refuse,
      coffee: refuse,
      toml: refuse,
    },
  });
  // What gray-matter leaves of the block (nothing, when it was cut after its closing line), then the rest of the file.
  const body = head === text ? parsed.content : parsed.content + text.slice(head.length);
  const bodyStart = text.length - body.length;
  const bodyLineOffset = text.slice(0, bodyStart).split('\n').length - 1;
  return {
    file,
    route,
    frontMatter: frontMatter ?? parseYaml(file, ''),
    body,
    bodyLineOffset,
    text,
  };
}

/**
 * The start of a page up to the end of its front matter's closing line, as gray-matter finds it
 * (the first "\n---" after the opening "---" and its language, then one "\r" and one "\n"):
 * gray-matter copies and hashes all it is given, so it is given the front matter, not the page.
 * The whole text when gray-matter would not see front matter, or not its end.
 */
export function frontMatterBlock(text: string): string {
  if (!text.startsWith('---') || text[3] === '-') return text;
  const firstLineEnd = text.search(/\r?\n/);
  const close = text.indexOf('\n---', firstLineEnd === -1 ? text.length : firstLineEnd);
  if (close === -1) return text;
  let end = close + 4;
  if (text[end] === '\r') end += 1;
  if (text[end] === '\n') end += 1;
  return text.slice(0, end);
}

function refuse(): never {
  throw new Error('only YAML front matter is read');
}
