import type { DataOf, PageSummary, TemplateProps } from 'clubsite';
import type { collections } from './collections.ts';

/** The validated collections, as templates receive them: typed from the collections' schemas. */
export type SiteData = DataOf<typeof collections>;

export type PageProps<FrontMatter = Record<string, unknown>> = TemplateProps<FrontMatter, SiteData>;
export type { PageSummary };
