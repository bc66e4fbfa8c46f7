import type { PageSummary, TemplateProps } from '../generator/contract.ts';
import type { Courses } from './schemas/courses.ts';
import type { Menu } from './schemas/menu.ts';
import type { SiteSettings } from './schemas/site-settings.ts';
import type { TrainingTimes } from './schemas/training-times.ts';

/** The validated collections, as templates receive them. */
export interface SiteData {
  site: SiteSettings;
  menu: Menu;
  courses: Courses;
  trainingTimes: TrainingTimes;
}

export type PageProps<FrontMatter = Record<string, unknown>> = TemplateProps<FrontMatter, SiteData>;
export type { PageSummary };
