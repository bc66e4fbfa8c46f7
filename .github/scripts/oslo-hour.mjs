#!/usr/bin/env node
// The scheduled builds' guard. Cron on GitHub runs in UTC, so the workflow has one cron line
// for summer time and one for winter time; this decides which of them is the right one today
// by the wall clock in Oslo: the nightly build at 00:xx and, in December, the one after the
// draw at 20:xx. Anything that is not a scheduled run (push, pull request, a run by hand)
// always builds. Prints `run=true` or `run=false` for $GITHUB_OUTPUT and the clock on stderr.
// `node oslo-hour.mjs 2025-07-01T22:05:00Z …` decides for the given instants instead of now
// (one line each): that is how tests/unit/workflow.test.ts checks it.

const zone = 'Europe/Oslo';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Year, month, day, hour and minute of an instant on the wall clock in Oslo. */
export function osloClock(instant) {
  const fields = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: fields.year,
    month: Number(fields.month),
    day: fields.day,
    hour: Number(fields.hour),
    minute: fields.minute,
  };
}

/** A scheduled run builds at midnight in Oslo, and at 20:00-20:59 in December. */
export function scheduledRunBuilds(instant) {
  const { month, hour } = osloClock(instant);
  return hour === 0 || (month === 12 && hour === 20);
}

const args = process.argv.slice(2);
const scheduled = args.length > 0 || process.env.GITHUB_EVENT_NAME === 'schedule';
const instants = args.length > 0 ? args.map((text) => new Date(text)) : [new Date()];
for (const instant of instants) {
  if (Number.isNaN(instant.getTime())) {
    console.error(`Not an instant: ${instant}`);
    process.exit(2);
  }
  const clock = osloClock(instant);
  const run = !scheduled || scheduledRunBuilds(instant);
  console.error(
    `Clock: ${instant.toISOString()} = ${clock.year}-${String(clock.month).padStart(2, '0')}-${clock.day} ${String(clock.hour).padStart(2, '0')}:${clock.minute} in ${zone}: ${run ? 'build' : 'skip (scheduled builds run at 00:xx, and at 20:xx in December, in Oslo)'}`,
  );
  console.log(`run=${run}`);
}
