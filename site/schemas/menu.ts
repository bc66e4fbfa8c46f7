import { z } from 'zod';
import { route, text } from './common.ts';

/**
 * A menu entry links to a route (`to: /kurs`) or to the current season's Christmas calendar
 * (`calendar: current`), whose address and year follow the newest calendar page.
 */
const menuItem = z
  .strictObject({
    label: text,
    to: route.optional(),
    calendar: z.literal('current').optional(),
    published: z.boolean(),
  })
  .refine(
    (item) => (item.to === undefined) !== (item.calendar === undefined),
    'either "to: /address" or "calendar: current", not both',
  );

export const menuSchema = z.strictObject({ items: z.array(menuItem).min(1) });

export type Menu = z.infer<typeof menuSchema>;
export type MenuItem = Menu['items'][number];
