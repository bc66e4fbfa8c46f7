/** The site's computed values (SiteDefinition.computed): worked out once a build, read by templates under `data.<name>`. */
import { calendarSeason } from './logic/calendar-season.ts';

export const computed = { calendarSeason };
