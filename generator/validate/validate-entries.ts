/**
 * Folder collections: every file's front matter checked against the collection's schema, with
 * its lines, and its name against the pattern the site gives (a name is often part of an
 * address). What is not published at the build's clock (a draft, an entry dated later) is left
 * out, unless the build shows drafts (`clubsite dev`), which keeps it marked with its status.
 * The collection's own `warnings` about a valid entry are warnings at their field.
 */
import type { Entry, FolderCollectionDefinition, SiteDefinition } from '../contract/index.ts';
import type { ClockLedger } from '../clock.ts';
import { ContentError } from '../errors.ts';
import { entryName } from '../load/entry-files.ts';
import type { LoadedContent, PageSource } from '../model/source.ts';
import { positionOf } from '../source-positions.ts';
import { fieldPath } from './describe-issue.ts';
import { strict, validateSource } from './validate-content.ts';
import { say } from '../messages/say.ts';

interface ValidatedEntries {
  /** Collection name → its entries, in file-name order. */
  data: Record<string, Entry[]>;
  /** An entry's source file → its parsed file, for the page that renders its body. */
  sources: Map<string, PageSource>;
}

export function validateEntries(
  loaded: LoadedContent,
  site: SiteDefinition,
  options: { clocks: ClockLedger; drafts: boolean },
  errors: ContentError[],
  warnings: ContentError[] = [],
): ValidatedEntries {
  const data: Record<string, Entry[]> = {};
  const sources = new Map<string, PageSource>();
  for (const [name, definition] of Object.entries(site.collections)) {
    if (!('files' in definition)) continue;
    const entries: Entry[] = [];
    for (const source of loaded.entries.get(name) ?? []) {
      sources.set(source.file, source);
      const entry = validateEntry(source, definition, options.clocks, errors);
      if (entry) warnings.push(...entryWarnings(source, definition, entry));
      if (entry && (entry.status === 'published' || options.drafts)) entries.push(entry);
    }
    data[name] = entries;
  }
  return { data, sources };
}

function validateEntry(
  source: PageSource,
  definition: FolderCollectionDefinition,
  clocks: ClockLedger,
  errors: ContentError[],
): Entry | undefined {
  const name = entryName(source.file);
  const nameOk = definition.name === undefined || definition.name.pattern.test(name);
  if (!nameOk) {
    errors.push(
      new ContentError({
        code: 'bad-file-name',
        file: source.file,
        ...say('bad-file-name/entry', { name, example: definition.name?.example }),
      }),
    );
  }
  const data = validateSource(source.frontMatter, strict(definition.schema), errors);
  if (data === undefined || !nameOk) return undefined;
  const status = definition.status?.(data, clocks.clock(source.file)) ?? 'published';
  return { name, source: source.file, data: data as Record<string, unknown>, status };
}

function entryWarnings(source: PageSource, definition: FolderCollectionDefinition, entry: Entry): ContentError[] {
  return (definition.warnings?.(entry) ?? []).map((problem) => {
    const { line, column } = positionOf(source.frontMatter, problem.path);
    return new ContentError({
      code: 'doubtful-entry',
      file: source.file,
      line,
      column,
      field: fieldPath(problem.path),
      message: problem.message,
      hint: problem.hint,
    });
  });
}
