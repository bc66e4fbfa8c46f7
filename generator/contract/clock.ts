/**
 * The build's clock as a site reads it. Every question is answered in the site's time zone, and
 * the generator notes for how long each answer holds: a page that asks for the year is
 * rendered again at New Year, one that asks for the date at midnight, one that asks whether a
 * draw has happened when it happens. So ask the coarsest question that answers yours (is it
 * before the 25th? rather than: which date is it?), and keep no answer between pages.
 */
export interface Clock {
  /** The date, '2025-12-10'. Holds until midnight. */
  date(): string;
  /** The year. Holds until New Year. */
  year(): number;
  /** The month, 1 to 12. Holds until the month ends. */
  month(): number;
  /** The day of the week, 0 = Monday … 6 = Sunday. Holds until midnight. */
  weekday(): number;
  /** The time of day to the minute. Holds for that minute. */
  time(): { hour: number; minute: number };
  /** Whether the clock is before an instant. Holds until that instant (yes) or from it on (no). */
  isBefore(instant: Date): boolean;
  /** The instant itself. Holds for that millisecond only: what shows it changes at every build. */
  instant(): Date;
}
