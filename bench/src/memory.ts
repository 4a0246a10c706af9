import { readFile } from 'node:fs/promises';

/** Resident memory of a process in MiB (Linux /proc; undefined elsewhere). */
export async function rssMiB(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kib) ? Math.round(kib / 1024) : undefined;
  } catch {
    return undefined;
  }
}

export const formatRss = (value: number | undefined) => (value === undefined ? 'n/a' : `${value} MiB`);
