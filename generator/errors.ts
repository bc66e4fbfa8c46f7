/**
 * The one error type of clubsite. Every problem a volunteer can cause is a ContentError with
 * a permanent code, the file, line and column, the field path, what was expected, what was
 * found and a hint. Anything else that is thrown is a bug in clubsite itself (or in the site's
 * code: a template that throws), reported with its stack. Every code is printed and explained
 * in docs/errors.md; tests/unit/error-catalogue.test.ts keeps the two in step. Its words come
 * from the tool's catalogue (messages/): `say(key, values)` gives them in English and keeps what
 * they came from, so that they are printed in the site's language (formatError's `language`).
 */
import { type Language, type Said, wordedIn } from './messages/say.ts';
import { SUMMARY_WORDS } from './messages/summary-words.ts';

export type { Language };
export type ErrorCode =
  | 'yaml-syntax'
  | 'invalid-field'
  | 'missing-file'
  | 'unknown-template'
  | 'duplicate-route'
  | 'broken-link'
  | 'broken-redirect'
  | 'missing-asset'
  | 'unreadable-image'
  | 'unknown-island'
  | 'bundle-failed'
  | 'site-code-threw'
  | 'unsafe-link'
  | 'control-character'
  | 'ahead-of-time'
  | 'document-kind'
  | 'document-too-large'
  | 'wrong-image'
  | 'not-utf8'
  | 'empty-file'
  | 'file-too-large'
  | 'refused-link'
  | 'bad-file-name'
  | 'not-an-image'
  | 'yaml-alias'
  | 'unclosed-front-matter'
  | 'unreadable-file'
  | 'duplicate-package'
  // Warnings: told, but the build goes on.
  | 'insecure-link'
  | 'unused-file'
  | 'doubtful-entry'
  | 'overdue'
  | 'robots-under-base';

export interface ErrorDetails {
  code: ErrorCode;
  /** Relative to the project root. */
  file: string;
  line?: number;
  column?: number;
  /** Field path inside the file, like doors[3].date. */
  field?: string;
  message: string;
  hint: string;
  /** The catalogue's entry the message and hint are the English of (messages/say.ts): the printer words it in the site's language. */
  said?: Said;
}

/** A problem as plain data (to cross between threads). */
export const errorDetails = (error: ContentError): ErrorDetails => ({
  code: error.code,
  file: error.file,
  line: error.line,
  column: error.column,
  field: error.field,
  message: error.message,
  hint: error.hint,
  ...(error.said ? { said: error.said } : {}),
});

export class ContentError extends Error implements ErrorDetails {
  readonly code: ErrorCode;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly field?: string;
  readonly hint: string;
  readonly said?: Said;

  constructor(details: ErrorDetails) {
    super(details.message);
    this.name = 'ContentError';
    this.code = details.code;
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.field = details.field;
    this.hint = details.hint;
    if (details.said) this.said = details.said;
  }

  /** The message and hint in `language`: the catalogue's words, else (a site's own rule) as they were given. */
  wordedIn(language: Language): { message: string; hint: string } {
    return (this.said && wordedIn(language, this.said)) ?? { message: this.message, hint: this.hint };
  }

  /** `content/menu.yaml:12:7` */
  get location(): string {
    if (this.line === undefined) return this.file;
    return `${this.file}:${this.line}${this.column === undefined ? '' : `:${this.column}`}`;
  }

  toJSON(): ErrorDetails & { location: string } {
    return {
      code: this.code,
      file: this.file,
      line: this.line,
      column: this.column,
      field: this.field,
      message: this.message,
      hint: this.hint,
      ...(this.said ? { said: this.said } : {}),
      location: this.location,
    };
  }
}

/** Thrown by a stage that found problems: all of them, so a volunteer fixes them in one go. */
export class BuildFailed extends Error {
  /** The site's language, once the build knows it (pipeline/build.ts): the problems are printed in it. */
  language?: Language;

  constructor(readonly errors: ContentError[]) {
    super(
      `${errors.length} problem${errors.length === 1 ? '' : 's'} in the content:\n\n${errors.map(formatError).join('\n\n')}`,
    );
    this.name = 'BuildFailed';
  }
}

/**
 * A build's problems are printed in its site's language, once the site is known. A problem
 * thrown alone (a file saved while the build read it) is one of the content's, not a bug.
 */
export function told(error: unknown, language: Language | undefined): unknown {
  const failed = error instanceof ContentError ? new BuildFailed([error]) : error;
  if (failed instanceof BuildFailed) failed.language ??= language;
  return failed;
}

/** One short block per problem: where, which field, its code (docs/errors.md), what is wrong, how to fix it. */
export function formatError(error: ContentError): string {
  return formatErrorIn(error, 'en');
}

/** The same block in the site's language. */
export function formatErrorIn(error: ContentError, language: Language): string {
  const head = `${error.field ? `${error.location}  ${error.field}` : error.location}  [${error.code}]`;
  const { message, hint } = error.wordedIn(language);
  return `✖ ${head}\n  ${message}\n  ${SUMMARY_WORDS[language].hint}: ${hint}`;
}

/** A warning reads like a problem, with its own mark: the build still succeeds. */
export function formatWarning(warning: ContentError): string {
  return formatWarningIn(warning, 'en');
}

function formatWarningIn(warning: ContentError, language: Language): string {
  return formatErrorIn(warning, language).replace(/^✖/, '⚠');
}

/** Every warning, then how many; `building` false for `check`, which builds nothing. */
export function formatWarnings(warnings: readonly ContentError[], language: Language = 'en', building = true): string {
  const count = SUMMARY_WORDS[language].warnings(warnings.length, building);
  return `${warnings.map((warning) => formatWarningIn(warning, language)).join('\n\n')}\n\n${count}`;
}

/** Every problem, then how many; `out` is the output folder a failed build left as it was, as the user named it. */
export function formatErrors(errors: readonly ContentError[], out?: string, language: Language = 'en'): string {
  const count = SUMMARY_WORDS[language].problemsFound(errors.length, out?.replace(/\/*$/, '/'));
  return `${errors.map((error) => formatErrorIn(error, language)).join('\n\n')}\n\n${count}`;
}

/** Runs a stage step and collects its ContentErrors instead of stopping at the first. */
export function collectErrors<T>(errors: ContentError[], run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof ContentError) {
      errors.push(error);
      return undefined;
    }
    if (error instanceof BuildFailed) {
      errors.push(...error.errors);
      return undefined;
    }
    throw error;
  }
}

/** The same problem found on several pages (a broken link in the frame) is told once. */
export function uniqueErrors(errors: readonly ContentError[]): ContentError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const text = formatError(error);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/** A build's problems as its stages find them: every one is told, at the end of the stage that found it. */
export class Problems {
  readonly errors: ContentError[] = [];
  /** What the content should change though the site builds (an unused file, an http:// link). */
  readonly warnings: ContentError[] = [];

  /** Ends the build with every problem found so far, if there is one. */
  stop(): void {
    if (this.errors.length > 0) throw new BuildFailed(uniqueErrors(this.errors));
  }
}
