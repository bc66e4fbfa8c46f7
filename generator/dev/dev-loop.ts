import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { planChanges } from '../pipeline/change-plan.ts';
import { DEV_WORDS } from '../messages/dev-words.ts';
import { DEFAULT_NAMES } from '../model/project.ts';
import { isInside } from '../path-inside.ts';
import { normalizeBase } from '../urls.ts';
import { DevBuilder } from './dev-builder.ts';
import type { BuildOutcome, DevBuildEvent } from './dev-events.ts';
import { describeOutcome, describeProblems, describeUnchanged } from './dev-log.ts';
import { createRebuildQueue, type RebuildQueue } from './rebuild-queue.ts';
import { ReloadChannel, type DevMessage } from './reload-channel.ts';
import { bundleReloadClient, type ReloadClient } from './reload-client.ts';
import { SaveTracker, SETTLE_MS } from './save-tracker.ts';
import { SourceWatcher } from './source-watcher.ts';

export interface DevServerOptions {
  /** The site's folder (content/ and the site definition). The tool's own browser code is found beside the generator. */
  root: string;
  /** The project's names (config/project-config.ts); each defaults to DEFAULT_NAMES's. */
  contentDir?: string;
  siteEntry?: string;
  defaultTemplate?: string;
  port?: number;
  host?: string;
  now?: string;
  base?: string;
  origin?: string;
  open?: boolean;
  /** Milliseconds to gather the writes of one save. */
  debounceMs?: number;
  /** Where the terminal lines go (default console.log). */
  log?: (line: string) => void;
}
/** After a build, when every file read is looked at for a change the watcher missed. */
const VERIFY_MS = 300;

/**
 * What the dev server does between its requests: the first build, then a rebuild for each
 * batch of saves (rebuild-queue.ts), the open pages told what changed, the terminal told
 * once, and the files a save may have missed looked at again.
 */
export class DevLoop {
  readonly root: string;
  readonly contentDir: string;
  readonly siteEntry: string;
  readonly host: string;
  readonly base: string;
  readonly log: (line: string) => void;
  readonly builder: DevBuilder;
  readonly channel: ReloadChannel;
  readonly listeners = new Set<(event: DevBuildEvent) => void>();
  readonly starters = new Set<(files: string[]) => void>();
  reloadClient: ReloadClient = { code: '', hash: '', inputs: [] };
  readonly #boot = Date.now().toString(36);
  #builds = 0;
  readonly #tracker = new SaveTracker();
  #settling = 0;
  #verifying: NodeJS.Timeout | undefined;
  /** Counts the changes the watcher reported. */
  #saves = 0;
  /** Whether a rebuild is under way. */
  #building = false;
  #lastProblems = '';
  readonly #watcher: SourceWatcher;
  readonly #queue: RebuildQueue;

  constructor(options: DevServerOptions) {
    this.root = path.resolve(options.root);
    this.contentDir = path.resolve(this.root, options.contentDir ?? DEFAULT_NAMES.contentDir);
    this.siteEntry = options.siteEntry ?? DEFAULT_NAMES.siteEntry;
    this.host = options.host ?? '127.0.0.1';
    this.base = normalizeBase(options.base ?? '/');
    this.log = options.log ?? ((line: string) => console.log(line));
    const { root, contentDir, siteEntry, base } = this;
    const { now, origin, defaultTemplate } = options;
    this.builder = new DevBuilder({ root, contentDir, siteEntry, defaultTemplate, now, base, origin });
    this.channel = new ReloadChannel(() => this.state());
    this.#watcher = new SourceWatcher({
      root,
      contentDir,
      onChange: (file) => {
        this.#saves += 1;
        this.#queue.add(file);
      },
      onError: (message) => this.log(DEV_WORDS[this.builder.speech.language].watcherFailed(message)),
    });
    this.#queue = createRebuildQueue((files) => this.#rebuild(files), options.debounceMs ?? 10);
  }

  revision(): string {
    return `${this.#boot}.${this.#builds}`;
  }

  state(): DevMessage {
    return { type: 'state', revision: this.revision(), problems: this.builder.problems };
  }

  /** The first build, with the reload client bundled meanwhile; then the watcher is trusted. */
  async start(): Promise<BuildOutcome> {
    let first: BuildOutcome;
    try {
      [first, this.reloadClient] = await Promise.all([this.builder.run(this.#plan([])), bundleReloadClient()]);
    } catch (error) {
      await this.#watcher.close();
      throw error;
    }
    if (first.ok) this.#builds += 1;
    this.#watchInputs(first);
    this.builder.trustWatcher();
    this.#verify();
    this.#lastProblems = first.ok ? '' : first.problems.map((problem) => problem.text).join('\n');
    return first;
  }

  report(outcome: BuildOutcome, sent: DevBuildEvent['sent']): void {
    for (const listener of this.listeners) listener({ outcome, sent, revision: this.revision() });
  }

  on<Listener>(set: Set<Listener>, listener: Listener): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }

  /** The folders watched, as the terminal shows them. */
  watchedFolders(): string[] {
    const { root } = this;
    return this.#watcher
      .folders()
      .map((dir) =>
        isInside(root, dir) ? `${path.relative(root, dir).split(path.sep).join('/') || '.'}/` : `${dir}${path.sep}`,
      );
  }

  /** Resolves when no rebuild runs or waits. */
  async idle(): Promise<void> {
    for (;;) {
      await this.#queue.idle();
      if (this.#settling === 0) return;
      await sleep(20);
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.#verifying);
    await Promise.all([this.#watcher.close(), this.#queue.close()]);
    this.channel.close();
  }

  #plan(files: string[]) {
    const last = this.builder.last;
    return planChanges(files, {
      root: this.root,
      contentDir: this.contentDir,
      siteInputs: new Set(last?.site.inputs),
      clientInputs: new Set(last?.client.inputs),
      devClientInputs: new Set(this.reloadClient.inputs),
    });
  }

  async #rebuild(files: string[]): Promise<void> {
    this.#building = true;
    try {
      await this.#rebuildFor(files);
    } finally {
      this.#building = false;
      this.#verify();
    }
  }

  async #rebuildFor(files: string[]): Promise<void> {
    await this.#tracker.note(files);
    // Saved as it was, or a second event for a save already built: no build, and no reload.
    if (this.builder.readAsBefore(files)) {
      this.log(describeUnchanged(this.#plan(files).files, this.builder.speech));
      return this.#lookAgain(files);
    }
    for (const starter of this.starters) starter(files);
    const plan = this.#plan(files);
    if (plan.devClient) this.reloadClient = await bundleReloadClient().catch(() => this.reloadClient);
    const hadProblems = this.builder.problems.length > 0;
    const from = this.revision();
    const outcome = await this.builder.run(plan);
    const sent = this.#tell(outcome, plan.devClient, hadProblems, from);
    this.#watchInputs(outcome);
    this.log(describeOutcome(outcome, sent, this.builder.speech));
    // The same problems as the rebuild before (a folder deleted file by file) are not listed again.
    const problems = outcome.ok ? '' : outcome.problems.map((problem) => problem.text).join('\n');
    if (!outcome.ok && problems !== this.#lastProblems)
      this.log(describeProblems(outcome, this.builder.last !== undefined, this.builder.speech));
    this.#lastProblems = problems;
    this.report(outcome, sent);
    this.#lookAgain(files);
  }

  /** A write the watcher swallowed (see SaveTracker) is built next. */
  #lookAgain(files: string[]): void {
    this.#settling += 1;
    setTimeout(() => {
      void this.#tracker
        .changed(files)
        .then((changed) => {
          for (const file of changed) this.#queue.add(file);
        })
        .finally(() => (this.#settling -= 1));
    }, SETTLE_MS).unref();
  }

  /** Tells the open pages what a rebuild changed: its problems, nothing, a stylesheet to swap, or a reload. */
  #tell(outcome: BuildOutcome, devClient: boolean, hadProblems: boolean, from: string): DevBuildEvent['sent'] {
    const { channel } = this;
    if (!outcome.ok) {
      channel.broadcast({ type: 'problems', revision: this.revision(), problems: outcome.problems });
      return 'problems';
    }
    if (outcome.diff && outcome.diff.changed.length === 0 && !devClient) {
      if (hadProblems) channel.broadcast(this.state());
      return hadProblems ? 'clear' : 'none';
    }
    this.#builds += 1;
    if (outcome.swap && !devClient) {
      channel.broadcast({ type: 'css', revision: this.revision(), from, swap: outcome.swap, problems: [] });
      return 'css';
    }
    channel.broadcast({ type: 'reload', revision: this.revision(), problems: [] });
    return 'reload';
  }

  /**
   * Once the watcher watches, a save reads only what it reported; a change it missed is found
   * by looking at every file read, shortly after each build (and built then).
   */
  #verify(): void {
    clearTimeout(this.#verifying);
    this.#verifying = setTimeout(() => {
      // A build under way, or a save reported meanwhile, ends the look (each build looks again after it):
      // 10,000 stats are not on a save's way to its page.
      if (this.#building) return;
      const saves = this.#saves;
      const stop = () => this.#building || this.#saves !== saves;
      void this.builder.changedOnDisk(stop).then((missed) => {
        for (const file of missed) this.#queue.add(file);
      });
    }, VERIFY_MS).unref();
  }

  /**
   * The code folders to watch: those of the last good bundles' inputs, and those of the files
   * a failed build points at (a template that never built yet, an import that cannot resolve).
   * Until a build has worked, the site definition's own folder too.
   */
  #watchInputs(outcome: BuildOutcome): void {
    const { root } = this;
    // A location in brackets ("(clubsite)", "(site code)") is no file: resolved, it would be the site's folder.
    const failed = outcome.ok
      ? []
      : outcome.problems
          .filter((problem) => !problem.location.startsWith('('))
          .map((problem) => path.resolve(root, problem.location.replace(/(:\d+){1,2}$/, '')));
    const last = this.builder.last;
    const entry = last ? [] : [path.join(root, this.siteEntry)];
    this.#watcher.setInputs([
      ...(last?.site.inputs ?? []),
      ...(last?.client.inputs ?? []),
      ...this.reloadClient.inputs,
      ...failed,
      ...entry,
    ]);
  }
}
