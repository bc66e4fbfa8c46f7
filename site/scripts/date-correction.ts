import { osloTime } from '../dates.ts';
import { correctCalendarDoors } from './calendar-today.ts';

/**
 * The build knows the date it ran; the visitor may come days later. Elements that depend on
 * today carry the facts they need in data attributes, and this puts them right:
 * - [data-current-year]: the copyright year;
 * - [data-show-until="2025-12-25"]: hidden from that Oslo date on;
 * - [data-door-date] in the Christmas calendar: today's door and «Dagens trekning».
 */
export function correctDates(now: Date): void {
  const today = osloTime(now);
  for (const element of document.querySelectorAll<HTMLElement>('[data-current-year]')) {
    element.textContent = String(today.year);
  }
  for (const element of document.querySelectorAll<HTMLElement>('[data-show-until]')) {
    element.hidden = today.date >= (element.dataset.showUntil ?? '');
  }
  correctCalendarDoors(today);
}
