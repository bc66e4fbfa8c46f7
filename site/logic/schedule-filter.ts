/**
 * The training-times filter as pure functions. The filter is «all» (every row), one group, or
 * «multiple» (the checked groups; every row while none is checked).
 */
import { isWeekday, type OsloTime } from '../dates.ts';

export interface Slot {
  group: string;
  day: string;
  time: string;
  location: string;
  basis: boolean;
}

export type FilterMode = 'all' | 'single' | 'multiple';

export interface FilterState {
  mode: FilterMode;
  /** The chosen group (single) or the checked groups (multiple), in the order of `groups`. */
  selected: string[];
}

/** The default: every row. */
export const ALL: FilterState = { mode: 'all', selected: [] };

/** «Alle grupper» clears the selection. */
export function chooseAll(): FilterState {
  return ALL;
}

/** One group: the selection is that group alone. */
export function chooseGroup(group: string): FilterState {
  return { mode: 'single', selected: [group] };
}

/** «Flere grupper»: checkboxes, starting from what was chosen. */
export function chooseMultiple(state: FilterState): FilterState {
  return { mode: 'multiple', selected: state.selected };
}

/** Checks or unchecks a group in «multiple», keeping the order of `groups`. */
export function toggleGroup(state: FilterState, group: string, groups: readonly string[]): FilterState {
  const checked = new Set(state.selected);
  if (checked.has(group)) checked.delete(group);
  else checked.add(group);
  return { mode: 'multiple', selected: groups.filter((name) => checked.has(name)) };
}

/** The rows the table shows. */
export function visibleSlots<S extends Slot>(slots: readonly S[], state: FilterState): S[] {
  if (state.mode === 'all' || (state.mode === 'multiple' && state.selected.length === 0)) return [...slots];
  return slots.filter((slot) => state.selected.includes(slot.group));
}

/** True for a row on today's weekday in Oslo (day names compared case- and space-insensitively). */
export function isToday(slot: Slot, today: Pick<OsloTime, 'weekday'>): boolean {
  return isWeekday(slot.day, today);
}

/** The address's name for the chosen groups: /treningstider?gruppe=C, or ?gruppe=A&gruppe=C for several. */
export const GROUP_PARAM = 'gruppe';

/** The filter an address asks for, of the groups there are (?gruppe=c finds C; an unknown group is left out). */
export function filterOfSearch(search: string, groups: readonly string[]): FilterState {
  const asked = new URLSearchParams(search)
    .getAll(GROUP_PARAM)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase());
  const chosen = groups.filter((group) => asked.includes(group.toLowerCase()));
  if (chosen.length === 0) return ALL;
  return chosen.length === 1 && asked.length === 1
    ? chooseGroup(chosen[0] ?? '')
    : { mode: 'multiple', selected: chosen };
}

/** The address's query for a filter, its other parameters kept ('' for all groups and nothing else). */
export function searchOfFilter(search: string, state: FilterState): string {
  const params = new URLSearchParams(search);
  params.delete(GROUP_PARAM);
  if (state.mode !== 'all') for (const group of state.selected) params.append(GROUP_PARAM, group);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
