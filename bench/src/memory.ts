import { residentMiB } from '@site/test-support/memory';

/** Resident memory of a process in whole MiB (undefined where Linux's /proc cannot tell). */
export async function rssMiB(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  return residentMiB(pid).then(Math.round, () => undefined);
}

export const formatRss = (value: number | undefined) => (value === undefined ? 'n/a' : `${value} MiB`);
