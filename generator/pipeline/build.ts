/**
 * A build, one stage a line: the site's code, the content up to the render context (prepare),
 * the pages rendered and consumed as a stream (first pass), the search index, the pages that
 * show it (second pass) and the 404 page, then the rest of the output. How pages are rendered
 * and where the output goes are the caller's choice (BuildOptions.renderer, .publisher).
 * Throws BuildFailed with every content problem found.
 */
import { loadSite } from '../bundle/load-site.ts';
import { type Language, told } from '../errors.ts';
import { languageOf } from '../messages/say.ts';
import { indexLink, publishIndex } from '../index/publish-index.ts';
import { SearchIndexBuilder } from '../index/search-index.ts';
import { ContentWalk } from '../load/content-walk.ts';
import { countPageFiles } from '../load/load-content.ts';
import { MemoryPublisher } from '../publish/memory-publisher.ts';
import { notFoundPage } from '../render/not-found.ts';
import { type BuildOptions, BuildRun } from './build-run.ts';
import { type BuildResult, buildResult } from './build-result.ts';
import { consumersOf, nextChangeOf, otherFilesOf, passesOf, usedAssetsOf } from './passes.ts';
import { PageStream } from './page-stream.ts';
import { keptPartsOf } from './index-part-cache.ts';
import { bundling, fail, prepare, type Reuse } from './prepare.ts';
import { rendererOf } from './renderer-of.ts';
import { sourceCommit } from './source-commit.ts';
import { keptSources, NOTHING_KEPT } from './source-cache.ts';
import { keptClientOf, keptCodeOf } from './kept-site-code.ts';

export type { BuildOptions, BuildResult };

/**
 * With a cache, the load's listing and stamps come from the caller's look at the content folder
 * when it took one (load/content-walk.ts), else from a look of its own taken as the load begins.
 */
function walkStamps({ options, contentDir }: BuildRun): Pick<Reuse, 'stampOf' | 'looked'> {
  if (!options.cacheDir) return {};
  const walk = options.contentWalk?.dir === contentDir ? options.contentWalk : new ContentWalk(contentDir);
  return { stampOf: walk.stampOf, looked: () => walk.stats() };
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const run = new BuildRun(options);
  const renderer = options.renderer ?? rendererOf(options);
  const publisher = options.publisher ?? new MemoryPublisher();
  const keptParts = keptPartsOf(options);
  const keptFiles = options.cacheDir ? keptSources(run, options.cacheDir) : undefined;
  const [keptCode, keptClient] = [keptCodeOf(options), keptClientOf(options)];
  let language: Language | undefined;
  try {
    const site = await run.stage('site', () => loadSite(run.root, run.siteEntry, keptCode).catch(fail));
    language = languageOf(site.site.lang);
    renderer.start(site, () => countPageFiles(run.contentDir, site.site));
    const client = bundling(run, site, keptClient);
    const sources = keptFiles ? await run.stage('kept files', () => keptFiles.restore(site)) : NOTHING_KEPT;
    const built = await prepare(run, site, { ...sources.reuse, ...walkStamps(run), bundling: client });
    await options.codeBundled?.([...site.inputs, ...built.client.inputs]);
    const { first, second } = passesOf(site.site, built.routed.pages);
    const used = usedAssetsOf(built);
    const progress = (done: number, total: number) => options.onProgress?.('render', done, total);
    const stream = new PageStream(publisher, run.problems, [...consumersOf(built, options.consumers), used], progress);
    const search = new SearchIndexBuilder(renderer.keptIndex);
    const firstPass = { context: built.context, pages: first, indexed: true };
    await run.stage('render', () =>
      stream.take(renderer.render(firstPass, publisher), { also: search, counted: first.length }),
    );
    const index = await run.stage('index', () => publishIndex(search, publisher, keptParts));
    const shown = { ...built.context, searchIndex: indexLink(index, built.routed.urls.base) };
    const secondPass = { context: shown, pages: second, indexed: false };
    await run.stage('render late', () => stream.take(renderer.render(secondPass, publisher)));
    const notFound = { context: built.context, pages: [notFoundPage(site.site)], indexed: false };
    await stream.take(renderer.render(notFound, publisher));
    run.problems.stop();
    const next = nextChangeOf(built.clocks, stream.records);
    await run.stage('gather', async () => {
      for (const [file, data] of otherFilesOf(built, next, sourceCommit(run.root))) publisher.write(file, data);
      await stream.finish();
    });
    run.problems.warnings.push(...used.unused());
    let kept = false;
    const keepPages = () => {
      if (!kept) {
        for (const cache of [renderer, keptParts, keptCode, keptClient]) cache?.succeeded?.();
        sources.keep();
      }
      kept = true;
    };
    if (!options.keepPagesLater) keepPages();
    const pages = first.length + second.length;
    return buildResult(run, { ...built, pages, output: publisher, index: () => index, next, renderer, keepPages });
  } catch (error) {
    throw told(error, language);
  } finally {
    await renderer.close();
  }
}
