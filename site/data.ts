import type { ComputedOf, DataOf, PageSummary, TemplateProps } from 'clubsite';
import type { collections } from './collections.ts';
import type { computed } from './computed.ts';

/** The validated collections and the values computed from them, as templates receive them: typed from the collections' schemas. */
export type SiteData = DataOf<typeof collections> & ComputedOf<typeof computed>;

export type PageProps<FrontMatter = Record<string, unknown>> = TemplateProps<FrontMatter, SiteData>;
export type { PageSummary };
