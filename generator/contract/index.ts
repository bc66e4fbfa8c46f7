/**
 * The contract between the generator and a site: the package's main entry (`import … from
 * 'clubsite'`).
 *
 * A site (the club's: templates/index.ts) default-exports a SiteDefinition made with
 * `defineSite`. The generator loads it, validates content with its schemas, renders its
 * templates and bundles its islands and scripts. Site code imports this entry (and
 * `clubsite/island`, the <Island> component, and `clubsite/search`, the search reader) and
 * nothing else of the tool: its types, the `define…` helpers, which return what they are given
 * (with its types worked out), and `paginate`; none of them imports anything at run time.
 */
export * from './clock.ts';
export * from './collections.ts';
export * from './config.ts';
export * from './islands.ts';
export * from './pages.ts';
export * from './paginate.ts';
export * from './privacy.ts';
export * from './site.ts';
export * from './templates.ts';
