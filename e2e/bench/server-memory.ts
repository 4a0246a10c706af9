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

/** Read load on the api: `total` requests over 20 connections to the public read endpoints; returns requests per second. */
export async function readLoad(baseUrl: string, total = 3_000): Promise<number> {
  const urls = ['/api/blogs/search?field=status&value=published', '/api/events', '/api/packages/public/search?field=status&value=active', '/api/health/ready'];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < total) {
        const url = urls[next++ % urls.length]!;
        await (await fetch(baseUrl + url)).arrayBuffer();
      }
    }),
  );
  return Math.round(total / ((Date.now() - started) / 1000));
}

export const formatRss = (value: number | undefined) => (value === undefined ? 'n/a' : `${value} MiB`);
