import inspector from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';

/**
 * Which functions of the modules under a folder a piece of work called, read from V8's own call counts
 * (precise coverage, as `--experimental-test-coverage` reads them) in this process: nothing is wrapped or
 * replaced. Each function is named `<file without .ts>.<function>` from the folder, as
 * `sync/posts.fullPostViews`; anonymous functions and modules' top levels are left out. Taking the counts
 * resets them for the whole process: it would upset a coverage run of the same test file (vitest
 * --coverage), which the project does not make.
 */
export class FunctionsRun {
  private readonly session = new inspector.Session();
  private readonly folderUrl: string;

  private constructor(folder: string) {
    this.folderUrl = `${pathToFileURL(folder).href}/`;
  }

  static async under(folder: string): Promise<FunctionsRun> {
    const run = new FunctionsRun(folder);
    run.session.connect();
    await run.session.post('Profiler.enable');
    await run.session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    return run;
  }

  /** The work's result and the functions it called (counts start again at each call). */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; called: Set<string> }> {
    await this.session.post('Profiler.takePreciseCoverage');
    const result = await work();
    const { result: scripts } = await this.session.post('Profiler.takePreciseCoverage');
    const called = new Set<string>();
    for (const script of scripts) {
      if (!script.url.startsWith(this.folderUrl)) continue;
      const file = script.url.slice(this.folderUrl.length).replace(/\.ts$/, '');
      for (const fn of script.functions)
        if (fn.functionName && (fn.ranges[0]?.count ?? 0) > 0) called.add(`${file}.${fn.functionName}`);
    }
    return { result, called };
  }

  async stop(): Promise<void> {
    await this.session.post('Profiler.stopPreciseCoverage');
    this.session.disconnect();
  }
}
