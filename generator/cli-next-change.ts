/**
 * The `next-change` command: when the output of the content as it is next changes by itself,
 * and why, as `build` would write it into .clubsite/next-change.json, without writing anything.
 */
import { build } from './pipeline/build.ts';
import { readingRenderer } from './pipeline/read-only-cache.ts';
import { cacheLine, cacheOption, names, nextChangeLine, renderReasons, warn, warningsOf } from './cli-build.ts';
import { type OutputMode, progressLine, stageTable } from './cli-output.ts';
import type { Project } from './config/project-config.ts';
import { photoWork } from './images/photos.ts';
import { FIGURE_WORDS } from './messages/figure-words.ts';
import { languageOf } from './messages/say.ts';
import { MemoryPublisher } from './publish/memory-publisher.ts';
import { NEXT_CHANGE_FILE } from './publish/next-change.ts';

export interface NextChangeOptions {
  now?: string;
  json?: boolean;
  /** False with --no-cache: every page is rendered. */
  cache?: boolean;
  cacheDir?: string;
}

/** Everything let go as for `check`, but for the next-change file the build makes: the answer, as the output would hold it. */
class NextChangePublisher extends MemoryPublisher {
  manifest = '';

  constructor() {
    super({ keep: false });
  }

  override write(file: string, data: string | Uint8Array): void {
    if (file === NEXT_CHANGE_FILE) this.manifest = String(data);
    super.write(file, data);
  }
}

/**
 * `next-change`: when the output of the content as it is next changes by itself, and why, as
 * `build` would write it, without writing anything. The page cache is read, never written (the
 * pages whose inputs did not change are not rendered); so is the photo cache: a photo not in it
 * is processed for the answer and not kept, and the command says so.
 */
export async function runNextChange(project: Project, options: NextChangeOptions, mode: OutputMode): Promise<void> {
  const { cacheDir } = cacheOption(project.root, options);
  const publisher = new NextChangePublisher();
  const sharpCalls = photoWork.sharpCalls;
  const result = await build({
    ...names(project),
    now: options.now,
    onProgress: progressLine(mode),
    publisher,
    keepPhotos: false,
    ...(cacheDir ? { renderer: readingRenderer(project.root, cacheDir) } : {}),
  });
  warn(mode, warningsOf(result));
  if (photoWork.sharpCalls > sharpCalls && !mode.quiet)
    console.warn(FIGURE_WORDS[languageOf(result.site.site.lang)].photosNotKept);
  console.log(options.json ? publisher.manifest.trimEnd() : nextChangeLine(result));
  if (mode.verbose && !options.json) {
    const cache = cacheLine(result);
    const reasons = renderReasons(result);
    console.log(
      [...(cache ? [`  ${cache}`] : []), stageTable(result.timings), ...(reasons ? [reasons] : [])].join('\n'),
    );
  }
}
