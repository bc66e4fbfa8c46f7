import { HtmlValidate, type ConfigData } from 'html-validate';
import { describe, expect, test } from 'vitest';
import { buildTestSite, SITES } from '../support/test-sites.ts';

/**
 * Every page the build writes is valid HTML by html-validate's recommended rules. Rules are
 * turned off only where they ask for one of two spellings that mean the same to every HTML
 * parser, and React (renderToStaticMarkup) writes the other one.
 */
const config: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements as <meta/>; the slash is allowed and ignored by HTML parsers.
    'void-style': 'off',
    // React writes charSet, tabIndex, popoverTarget: attribute names are case-insensitive in HTML.
    'attr-case': 'off',
    // React writes boolean attributes as selected="" and hidden="": the same as the bare name.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // <!doctype html> and <!DOCTYPE html> are the same doctype.
    'doctype-style': 'off',
  },
};

describe.each(SITES)('$name', (site) => {
  test('every built page is valid HTML (html-validate, recommended)', async () => {
    const result = await buildTestSite(site, '2025-12-10T18:00');
    const validator = new HtmlValidate(config);
    const pages = [...result.files].filter(([file]) => file.endsWith('.html'));
    expect(pages.length).toBe(result.pages.length + 3); // every page, 404.html, the redirect page and the admin's
    const problems: string[] = [];
    for (const [file, data] of pages) {
      const report = await validator.validateString(
        typeof data === 'string' ? data : Buffer.from(data).toString('utf8'),
        file,
      );
      for (const { messages } of report.results) {
        for (const message of messages)
          problems.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
