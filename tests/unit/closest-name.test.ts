import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { decodeText, firstInvalidByte } from '../../generator/load/decode-text.ts';
import { suggestPageName } from '../../generator/load/content-files.ts';
import { closestName, editDistance, knownFields } from '../../generator/validate/closest-name.ts';

describe('the field a misspelt one most likely meant', () => {
  test('edit distance counts insertions, deletions and substitutions', () => {
    expect(editDistance('descripton', 'description')).toBe(1);
    expect(editDistance('tittle', 'title')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  test('a close name is suggested, a far one is not', () => {
    const known = ['title', 'description', 'template', 'allowHtml', 'faq', 'faqTitle'];
    expect(closestName('descripton', known)).toBe('description');
    expect(closestName('Title', known)).toBe('title');
    expect(closestName('faqs', known)).toBe('faq');
    expect(closestName('allowhtml', known)).toBe('allowHtml');
    expect(closestName('sponsor', known)).toBeUndefined();
  });

  test('the known fields at a path go through lists, optional fields, unions and pipes', () => {
    const schema = z.strictObject({
      hero: z.strictObject({ image: z.string(), label: z.string() }),
      faq: z.array(z.strictObject({ q: z.string(), a: z.string() })).optional(),
      branch: z.union([z.strictObject({ next: z.number() }), z.strictObject({ result: z.string() })]),
      slots: z
        .strictObject({ day: z.string() })
        .array()
        .transform((slots) => slots),
    });
    expect(knownFields(schema, [])).toEqual(['hero', 'faq', 'branch', 'slots']);
    expect(knownFields(schema, ['hero'])).toEqual(['image', 'label']);
    expect(knownFields(schema, ['faq', 3])).toEqual(['q', 'a']);
    expect(knownFields(schema, ['branch'])).toEqual(['next', 'result']);
    expect(knownFields(schema, ['slots', 0])).toEqual(['day']);
  });
});

describe('reading a content file', () => {
  test('the first byte that is not UTF-8', () => {
    expect(firstInvalidByte(new TextEncoder().encode('æøå'))).toBe(6);
    expect(firstInvalidByte(Uint8Array.from([0x61, 0x0a, 0x62, 0xf8, 0x63]))).toBe(3);
    expect(firstInvalidByte(Uint8Array.from([0x61, 0xc3]))).toBe(1);
  });

  test('Latin-1 is an error at its line and column; a BOM and CRLF are read as meant', () => {
    expect(() => decodeText('content/a.md', Uint8Array.from([0x61, 0x0a, 0x62, 0xe5]))).toThrow(/not saved as UTF-8/);
    try {
      decodeText('content/a.md', Uint8Array.from([0x61, 0x0a, 0x62, 0xe5]));
    } catch (error) {
      expect((error as { location: string }).location).toBe('content/a.md:2:2');
    }
    expect(decodeText('a', new TextEncoder().encode('\uFEFFtitle: x\r\nb: y\r\n'))).toBe('title: x\nb: y\n');
    expect(() => decodeText('a', new Uint8Array())).toThrow('The file is empty.');
  });

  test('a page name that is not an address gets the name it should have', () => {
    expect(suggestPageName('om/styret.md')).toBeUndefined();
    expect(suggestPageName('julekalender/2025.yaml')).toBeUndefined();
    expect(suggestPageName('Nye Sider.md')).toBe('nye-sider.md');
    expect(suggestPageName('om/Årsmøte 2025.md')).toBe('om/arsmote-2025.md');
    expect(suggestPageName('Om/nyheter.MD')).toBe('om/nyheter.md');
    expect(suggestPageName('Ærlig talt.md')).toBe('aerlig-talt.md');
  });
});
