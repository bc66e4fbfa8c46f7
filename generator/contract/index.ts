/**
 * The contract between the generator and a site.
 *
 * A site (here: templates/index.ts) default-exports a SiteDefinition made with `defineSite`.
 * The generator loads it, validates content with its schemas, renders its templates and
 * bundles its islands and scripts. Site code may import this entry (and `island.tsx`, the <Island> component) and nothing else
 * from generator/: its types, the `define…` helpers, which return what they are given (with its
 * types worked out), and `paginate`; none of them imports anything at run time.
 */
export * from './clock.ts';
export * from './collections.ts';
export * from './islands.ts';
export * from './pages.ts';
export * from './paginate.ts';
export * from './site.ts';
export * from './templates.ts';
