import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';

/** The flags ../shared/ENVIRONMENT.md gives for Debian's chromium. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A readable account of anything thrown, Error or not (never a bare `undefined`). */
export function describeFailure(value: unknown): string {
  if (value instanceof Error) return inspect(value, { depth: 6 });
  return `a non-Error value was thrown: ${inspect(value, { depth: 6 })}`;
}

/** Runs one step of the bench; a failure names the step and keeps the original as its cause. */
export async function phase<T>(label: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const detail = error instanceof Error ? error.message || error.name : describeFailure(error);
    throw new Error(`${label} failed: ${detail}`, { cause: error });
  }
}

/** Asks `check` every 100 ms until it says yes (another process has no event to wait on); fails after `timeoutMs`. */
export async function waitFor(timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs / 1000} s`);
    await delay(100);
  }
}

/** Runs a bench script's main and exits with its outcome. */
export function runMain(name: string, main: () => Promise<void>): void {
  process.on('unhandledRejection', (reason) => {
    console.error(`${name}: unhandled rejection: ${describeFailure(reason)}`);
    process.exit(1);
  });
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${name}: ${describeFailure(error)}`);
      process.exit(1);
    },
  );
}
