import { readFile } from 'node:fs/promises';

/** Resident memory of a process in MiB, as Linux counts it (VmRSS in /proc); throws where there is none. */
export async function residentMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for process ${pid}`);
  return kib / 1024;
}
