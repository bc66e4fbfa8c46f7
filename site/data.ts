import type { PageSummary, TemplateProps } from '../generator/contract.ts';
import type { Menu } from './schemas/menu.ts';
import type { SiteSettings } from './schemas/site-settings.ts';

/** The validated collections, as templates receive them. */
export interface SiteData {
  site: SiteSettings;
  menu: Menu;
}

export type PageProps<FrontMatter = Record<string, unknown>> = TemplateProps<FrontMatter, SiteData>;
export type { PageSummary };
