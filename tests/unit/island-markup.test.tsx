import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Island } from '../../generator/contract/island.tsx';
import { serializeProps } from '../../client/shared/island-markup.ts';
import { defineIslands } from '../../generator/contract/index.ts';

const Echo = ({ text }: { text: string }) => <p>{text}</p>;

describe('island props survive any content', () => {
  const hostile = '</script><script>alert(1)</script> <!-- \u2028 & "quotes" \'single\'';

  test('serialised props contain no way out of a <script> element, and parse back unchanged', () => {
    const json = serializeProps({ text: hostile });
    expect(json).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(json)).toEqual({ text: hostile });
  });

  test('an island is marked with its name and when to hydrate, with its server HTML and props beside it', () => {
    const html = renderToStaticMarkup(
      <Island
        island={defineIslands({ echo: { module: 'echo.tsx', component: Echo } }).echo}
        props={{ text: hostile }}
        when="idle"
      />,
    );
    expect(
      html.startsWith(
        '<clubsite-island data-island="echo" data-when="idle"><script type="application/json">{"text":"\\u003c/script\\u003e',
      ),
    ).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<div data-island-root=""><p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
