import { inspect } from 'node:util';

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
