// The site definition is typed end to end: these mistakes are type errors (`tsc --noEmit`, the
// first step of `npm test`, fails if any `@ts-expect-error` below stops being an error).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { Island } from '../../generator/contract/island.tsx';
import { defineCollection, defineIslands, defineTemplate, type TemplateProps } from '../../generator/contract/index.ts';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const islands = defineIslands({ greeting: { module: 'widgets/greeting.tsx', component: Greeting } });
const headingSchema = z.strictObject({ heading: z.string() });

describe('the typed site definition', () => {
  test('an island is used by its registered reference, with the widget’s own props', () => {
    const html = renderToStaticMarkup(<Island island={islands.greeting} props={{ name: 'Ada' }} />);
    expect(html).toContain('data-island="greeting"');
    expect(html).toContain('<p>Hello <!-- -->Ada</p>');
    // @ts-expect-error: an island the registry does not have
    void (() => <Island island={islands.farewell} props={{ name: 'Ada' }} />);
    // @ts-expect-error: props the widget does not take
    void (() => <Island island={islands.greeting} props={{ nam: 'Ada' }} />);
  });

  test('a collection’s links get the data its schema gives', () => {
    const events = defineCollection({
      file: 'events.yaml',
      schema: z.strictObject({ events: z.array(z.strictObject({ link: z.string() })) }),
      links: (data) => data.events.map((event, index) => ({ route: event.link, path: ['events', index, 'link'] })),
    });
    expect(events.links?.({ events: [{ link: '/a' }] })).toEqual([{ route: '/a', path: ['events', 0, 'link'] }]);
    // @ts-expect-error: a field the schema does not have
    defineCollection({ file: 'x.yaml', schema: headingSchema, links: (data) => [{ route: data.title, path: [] }] });
  });

  test('a template’s component takes what its schema gives', () => {
    const good = defineTemplate({
      component: ({ page }: TemplateProps<{ heading: string }>) => <h1>{page.data.heading}</h1>,
      schema: headingSchema,
    });
    expect(good.schema).toBe(headingSchema);
    const readsTitle2 = ({ page }: TemplateProps<{ title2: string }>) => <h1>{page.data.title2}</h1>;
    // @ts-expect-error: the component reads a field the schema does not give
    defineTemplate({ component: readsTitle2, schema: headingSchema });
  });
});
