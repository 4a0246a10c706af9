import { describe, expect, it, vi } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { HungFileWatch } from './hung-file-watch';

const module = (moduleId: string) => ({ moduleId }) as TestModule;
const test = (moduleId: string, fullName: string) => ({ module: module(moduleId), fullName }) as TestCase;

function watch() {
  let now = 0;
  const exit = vi.fn();
  const watcher = new HungFileWatch(10 * 60_000, exit, () => now);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { watcher, exit, wait: (ms: number) => (now += ms) };
}

describe('the watch on a unit run', () => {
  it('leaves files that finish within the limit alone, however long the run', () => {
    const { watcher, exit, wait } = watch();
    for (const file of ['a.test.ts', 'b.test.ts', 'c.test.ts']) {
      watcher.onTestModuleQueued(module(file));
      wait(9 * 60_000);
      expect(watcher.check()).toEqual([]);
      watcher.onTestModuleEnd(module(file));
    }
    expect(exit).not.toHaveBeenCalled();
  });

  it('stops the run and names the file and the test it is held in', () => {
    const { watcher, exit, wait } = watch();
    watcher.onTestModuleQueued(module('quick.test.ts'));
    watcher.onTestModuleQueued(module('held.test.ts'));
    watcher.onTestCaseReady(test('held.test.ts', 'waits > forever'));
    wait(5 * 60_000);
    watcher.onTestModuleEnd(module('quick.test.ts'));
    wait(5 * 60_000 + 1);
    expect(watcher.check()).toEqual(['held.test.ts has run for 10.0 min, in "waits > forever"']);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('says when a file is held before its first test or after one that finished', () => {
    const { watcher, wait } = watch();
    watcher.onTestModuleQueued(module('import.test.ts'));
    watcher.onTestModuleQueued(module('teardown.test.ts'));
    watcher.onTestCaseReady(test('teardown.test.ts', 'last'));
    watcher.onTestCaseResult(test('teardown.test.ts', 'last'));
    wait(11 * 60_000);
    expect(watcher.check()).toEqual([
      'import.test.ts has run for 11.0 min, before its first test (importing it or beforeAll)',
      'teardown.test.ts has run for 11.0 min, after "last" (the next test, or afterAll)',
    ]);
  });
});
