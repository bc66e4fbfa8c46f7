/**
 * The build's clock as a site reads it (contract/clock.ts): each answer, given in the site's
 * time zone, narrows the interval of time over which everything asked so far stays the same.
 * A page rendered with its own clock keeps that interval with it: it is rendered again only
 * when a build's instant leaves it, and the earliest end of every interval in a build is when
 * its output next changes.
 */
import type { Clock } from './contract/clock.ts';
import { type Wall, wallAt, zonedInstant } from './now.ts';

/** [from, until): the instants over which a clock's answers hold. */
interface Interval {
  from: number;
  until: number;
}

const two = (value: number) => String(value).padStart(2, '0');

export class RecordingClock implements Clock, Interval {
  from = Number.NEGATIVE_INFINITY;
  until = Number.POSITIVE_INFINITY;

  constructor(
    readonly now: number,
    readonly timeZone: string,
  ) {}

  /** Narrows the interval: what was asked holds over [from, until) too. */
  hold(from: number, until: number): void {
    if (from > this.from) this.from = from;
    if (until < this.until) this.until = until;
  }

  date(): string {
    const wall = this.#day();
    return `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
  }

  year(): number {
    const { year } = wallAt(this.now, this.timeZone);
    this.hold(zonedInstant(this.timeZone, year, 1, 1), zonedInstant(this.timeZone, year + 1, 1, 1));
    return year;
  }

  month(): number {
    const { year, month } = wallAt(this.now, this.timeZone);
    this.hold(zonedInstant(this.timeZone, year, month, 1), zonedInstant(this.timeZone, year, month + 1, 1));
    return month;
  }

  weekday(): number {
    return this.#day().weekday;
  }

  time(): { hour: number; minute: number } {
    const start = Math.floor(this.now / 60_000) * 60_000;
    this.hold(start, start + 60_000);
    const { hour, minute } = wallAt(this.now, this.timeZone);
    return { hour, minute };
  }

  isBefore(instant: Date): boolean {
    const at = instant.getTime();
    const before = this.now < at;
    if (before) this.hold(Number.NEGATIVE_INFINITY, at);
    else this.hold(at, Number.POSITIVE_INFINITY);
    return before;
  }

  instant(): Date {
    this.hold(this.now, this.now + 1);
    return new Date(this.now);
  }

  #day(): Wall {
    const wall = wallAt(this.now, this.timeZone);
    const { year, month, day } = wall;
    this.hold(zonedInstant(this.timeZone, year, month, day), zonedInstant(this.timeZone, year, month, day + 1));
    return wall;
  }
}

/** When a build's output next changes by itself, and why (the file or page whose answer ends first). */
export interface NextChange {
  at: number;
  reason: string;
}

/**
 * The clocks a build's stages ask (a post's status, a template's routes, a computed value),
 * each under the name of what asked, so the build can tell when its output next changes.
 */
export class ClockLedger {
  readonly #clocks: Array<{ clock: Interval; reason: string }> = [];

  constructor(
    readonly now: number,
    readonly timeZone: string,
  ) {}

  /** A clock for one asker; its answers are noted under `reason`. */
  clock(reason: string): RecordingClock {
    const clock = new RecordingClock(this.now, this.timeZone);
    this.#clocks.push({ clock, reason });
    return clock;
  }

  /** What asked earlier in the build and ends first. */
  next(): NextChange | undefined {
    return earliest(this.#clocks.map(({ clock, reason }) => ({ until: clock.until, reason })));
  }
}

/** The earliest end among intervals, with its reason (the first of equal ones); none when none ends. */
export function earliest(ends: Iterable<{ until: number; reason: string }>): NextChange | undefined {
  let next: NextChange | undefined;
  for (const { until, reason } of ends)
    if (Number.isFinite(until) && (!next || until < next.at)) next = { at: until, reason };
  return next;
}
