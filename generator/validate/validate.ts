/**
 * The validate stage: every collection and page against its schema, then the checks that need
 * the whole content (text, documents, images, facts at the build's clock), and the settings
 * the generator reads. Every problem goes to `problems`; nothing stops here.
 */
import type { SiteDefinition } from '../contract/index.ts';
import type { ClockLedger } from '../clock.ts';
import type { Problems } from '../errors.ts';
import type { SiteSettings, ValidatedContent } from '../model/pages.ts';
import type { LoadedContent, PageSource } from '../model/source.ts';
import { checkDocuments, checkImages } from './check-files.ts';
import { checkFacts } from './check-facts.ts';
import { checkText } from './check-text.ts';
import { siteSettingsSchema, snippetLength } from './site-settings.ts';
import { type ValidatedPages, validateContent, validateSource } from './validate-content.ts';
import { validateEntries } from './validate-entries.ts';

export interface Validated {
  content: ValidatedContent;
  /** An entry's source file → its parsed file, for the page that renders its body. */
  entrySources: ReadonlyMap<string, PageSource>;
  /** Undefined when the settings collection has a problem (told in `problems`). */
  settings: SiteSettings | undefined;
  /** Characters of a page's text a search hit shows. */
  snippet: number;
}

interface ValidateOptions {
  /** The build's clock, as the site's rules ask it (a post's status, a fact only true after a draw). */
  clocks: ClockLedger;
  /** Keep drafts and entries dated later, marked with their status (dev). */
  drafts: boolean;
  /** The site definition's file, relative to the project root, where its own numbers are told wrong. */
  siteFile: string;
  /** Valid pages of an earlier build, by their parsed file (a dev session's). */
  validated?: ValidatedPages;
  /** The template of a page whose front matter names none (the project's configuration). */
  defaultTemplate: string;
}

export function validate(
  loaded: LoadedContent,
  site: SiteDefinition,
  options: ValidateOptions,
  problems: Problems,
): Validated {
  const { errors, warnings } = problems;
  const snippet = snippetLength(site, options.siteFile, errors);
  const content = validateContent(loaded, site, errors, options.defaultTemplate, options.validated);
  const entries = validateEntries(loaded, site, options, errors, warnings);
  Object.assign(content.data, entries.data);
  checkText(loaded, errors, warnings);
  checkDocuments(loaded, site, errors);
  checkImages(site, content, loaded, errors);
  checkFacts(site, content, options.clocks, errors, warnings);
  const source = loaded.collections.get(site.settings);
  const read = source ? validateSource(source, siteSettingsSchema.loose(), errors) : undefined;
  const settings = read && { origin: read.origin, redirects: read.redirects, source };
  return { content, entrySources: entries.sources, settings, snippet };
}
