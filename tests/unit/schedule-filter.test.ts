import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { osloTime } from '../../site/dates.ts';
import {
  ALL,
  chooseAll,
  chooseGroup,
  chooseMultiple,
  isToday,
  toggleGroup,
  visibleSlots,
  type Slot,
} from '../../site/logic/schedule-filter.ts';
import { trainingTimesSchema } from '../../site/schemas/training-times.ts';
import TrainingTable from '../../site/widgets/training-table.tsx';
import { projectRoot } from '../support/site-build.ts';

const content = () =>
  parse(readFileSync(path.join(projectRoot, 'content/training-times.yaml'), 'utf8')) as Record<string, unknown>;
const times = trainingTimesSchema.parse(content());
const groups = times.groups;
const count = (state: Parameters<typeof visibleSlots>[1]) => visibleSlots(times.slots, state).length;
const groupsOf = (slots: Slot[]) => [...new Set(slots.map((slot) => slot.group))];

/** A Saturday and a Wednesday in Oslo. */
const saturday = osloTime(Date.UTC(2025, 11, 13, 9, 0));
const wednesday = osloTime(Date.UTC(2025, 11, 10, 17, 0));

describe('the training times content', () => {
  test('has the 25 rows of the club, groups A–F, updated 2025-10-09', () => {
    expect(times.slots).toHaveLength(25);
    expect(times.groups).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(times.updated).toBe('2025-10-09');
    expect(times.slots.filter((slot) => slot.basis).map((slot) => `${slot.group} ${slot.day}`)).toEqual([
      'A Onsdag',
      'B Tirsdag',
      'B Torsdag',
      'C Tirsdag',
      'D Onsdag',
    ]);
    expect(times.slots[0]).toEqual({
      group: 'A',
      day: 'Mandag',
      time: '16:00 - 18:00',
      location: 'Spicheren',
      basis: false,
    });
  });

  test('rejects a group, a place or a weekday that does not exist, and misspelt fields', () => {
    const bad = content();
    const slots = bad.slots as Array<Record<string, unknown>>;
    slots[0] = { ...slots[0], group: 'G' };
    slots[1] = { ...slots[1], location: 'Badeland' };
    slots[2] = { ...slots[2], day: 'Fredagskveld' };
    slots[3] = { ...slots[3], tid: '18:00' };
    const result = trainingTimesSchema.safeParse(bad);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'slots.2.day',
      'slots.3',
      'slots.0.group',
      'slots.1.location',
    ]);
  });

  test('accepts a weekday in any case and spacing (SPEC.md §5) and shows it as the others are: «fredag» is Fredag', () => {
    const typed = content();
    const slots = typed.slots as Array<Record<string, unknown>>;
    slots[5] = { ...slots[5], day: 'fredag' };
    slots[6] = { ...slots[6], day: '  FREDAG ' };
    slots[7] = { ...slots[7], day: 'lørdag' };
    const parsed = trainingTimesSchema.parse(typed);
    expect(parsed.slots.slice(5, 8).map((slot) => slot.day)).toEqual(['Fredag', 'Fredag', 'Lørdag']);
    const html = renderToString(createElement(TrainingTable, { groups, slots: parsed.slots, today: saturday }));
    expect(html).not.toMatch(/>fredag<|>lørdag</);
  });
});

describe('the group filter', () => {
  test('«all» is the default and shows every row', () => {
    expect(ALL).toEqual({ mode: 'all', selected: [] });
    expect(count(ALL)).toBe(25);
  });

  test('one group shows only its rows and makes the selection that group', () => {
    const state = chooseGroup('B');
    expect(state).toEqual({ mode: 'single', selected: ['B'] });
    expect(groupsOf(visibleSlots(times.slots, state))).toEqual(['B']);
    expect(count(chooseGroup('A'))).toBe(8);
    expect(count(chooseGroup('F'))).toBe(1);
  });

  test('choosing «all» clears the selection', () => {
    expect(chooseAll()).toEqual({ mode: 'all', selected: [] });
  });

  test('«multiple» shows the checked groups, and every row while none is checked', () => {
    let state = chooseMultiple(ALL);
    expect(state).toEqual({ mode: 'multiple', selected: [] });
    expect(count(state)).toBe(25);
    state = toggleGroup(state, 'E', groups);
    state = toggleGroup(state, 'C', groups);
    expect(state.selected).toEqual(['C', 'E']);
    expect(groupsOf(visibleSlots(times.slots, state))).toEqual(['C', 'E']);
    expect(count(state)).toBe(7);
    state = toggleGroup(toggleGroup(state, 'C', groups), 'E', groups);
    expect(state).toEqual({ mode: 'multiple', selected: [] });
    expect(count(state)).toBe(25);
  });

  test('switching to «multiple» keeps the group chosen before', () => {
    expect(chooseMultiple(chooseGroup('D'))).toEqual({ mode: 'multiple', selected: ['D'] });
  });

  test('a group with no rows yet shows nothing, and the table says so', () => {
    const withNewGroup = { groups: [...groups, 'G'], slots: times.slots };
    expect(visibleSlots(withNewGroup.slots, chooseGroup('G'))).toEqual([]);
    expect(visibleSlots(withNewGroup.slots, toggleGroup(chooseMultiple(ALL), 'G', withNewGroup.groups))).toEqual([]);
    // The widget's empty state, as the server renders it for an empty table.
    const html = renderToString(createElement(TrainingTable, { groups: ['G'], slots: [], today: saturday }));
    expect(html).toContain('Ingen treninger funnet for valgte grupper.');
    expect(html).not.toContain('<table');
  });
});

describe("today's rows", () => {
  test('match the Oslo weekday, whatever the case and spacing of the day name', () => {
    const slot = (day: string): Slot => ({
      group: 'A',
      day,
      time: '07:00 - 09:00',
      location: 'Aquarama',
      basis: false,
    });
    expect(isToday(slot('Lørdag'), saturday)).toBe(true);
    expect(isToday(slot('  LØRDAG '), saturday)).toBe(true);
    expect(isToday(slot('lørdag'), wednesday)).toBe(false);
    expect(times.slots.filter((entry) => isToday(entry, saturday)).map((entry) => entry.group)).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(times.slots.filter((entry) => isToday(entry, wednesday))).toHaveLength(6);
  });

  test('are bold-marked with a pin and a text for screen readers in the server markup', () => {
    const html = renderToString(createElement(TrainingTable, { groups, slots: times.slots, today: saturday }));
    expect(html.match(/class="training__today"/g)).toHaveLength(3);
    expect(html.match(/class="training__pin"><span aria-hidden="true">📍<\/span>/g)).toHaveLength(3);
    expect(html).toContain('I dag, ');
    expect(html.match(/aria-label="Basistrening"/g)).toHaveLength(5);
  });
});
