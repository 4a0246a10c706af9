import { execFileSync } from 'node:child_process';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

interface Running {
  startedAt: number;
  /** The test last reported started, and whether its result came back. */
  test?: string;
  testDone?: boolean;
}

/**
 * Ends the run, naming the file and its test, when one test file runs for longer than `limitMs`.
 * Timeouts inside a file cannot fire while its event loop is blocked (or while it is imported), and
 * such a file would otherwise hold CI until its own time runs out, with nothing to say where.
 */
export class HungFileWatch implements Reporter {
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limitMs: number,
    private readonly exit: (code: number) => void = endWithWorkers,
    private readonly now: () => number = Date.now,
  ) {}

  onTestRunStart(): void {
    this.timer = setInterval(() => this.check(), Math.min(30_000, this.limitMs / 4));
    this.timer.unref();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  /** A worker is about to import the file: an import that never ends counts too. */
  onTestModuleQueued(module: TestModule): void {
    this.running.set(module.moduleId, { startedAt: this.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(module.moduleId);
  }

  onTestCaseReady(test: TestCase): void {
    const entry = this.running.get(test.module.moduleId);
    if (entry) Object.assign(entry, { test: test.fullName, testDone: false });
  }

  onTestCaseResult(test: TestCase): void {
    const entry = this.running.get(test.module.moduleId);
    if (entry && entry.test === test.fullName) entry.testDone = true;
  }

  /** The files over the limit, described; ends the run when there is one. */
  check(): string[] {
    const hung = [...this.running].filter(([, entry]) => this.now() - entry.startedAt > this.limitMs).map(([file, entry]) => {
      const minutes = ((this.now() - entry.startedAt) / 60_000).toFixed(1);
      const where = !entry.test ? 'before its first test (importing it or beforeAll)' : entry.testDone ? `after "${entry.test}" (the next test, or afterAll)` : `in "${entry.test}"`;
      return `${file} has run for ${minutes} min, ${where}`;
    });
    if (hung.length > 0) {
      process.stderr.write(`\nA test file ran past ${this.limitMs / 60_000} min; the run stops here:\n${hung.map((line) => `  ${line}\n`).join('')}`);
      this.exit(1);
    }
    return hung;
  }
}

/** Exits, taking the workers along: a held one would keep the output open after vitest is gone. */
function endWithWorkers(code: number): void {
  try {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    for (const pid of children.split('\n').map(Number).filter((pid) => pid > 0)) process.kill(pid, 'SIGKILL');
  } catch {
    // No ps, or no children left: exit all the same.
  }
  process.exit(code);
}
