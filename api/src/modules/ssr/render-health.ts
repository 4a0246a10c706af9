import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { settingsRepository } from '../../db/settings';

/** Each instance's word on whether it renders a release, shared through app_settings. */
const PREFIX = 'render-health:';
/** How often an instance repeats its word, and how long a word counts without being repeated. */
export const RENDER_HEALTH_EVERY_MS = 5_000;
const RENDER_HEALTH_FRESH_MS = 30_000;
/** How long an answer of the other instances is reused (pages and probes ask on every request). */
const OTHERS_KEPT_MS = 1_000;

interface Word {
  release: string;
  rendering: boolean;
  at: number;
}

/**
 * The release an instance renders, the same on every instance whatever its folders: its containers'
 * paths (local URLs get an origin per web root) or full URLs when on another origin.
 */
export function releaseOf(containers: Record<string, string>): string {
  const names = Object.keys(containers).sort();
  return JSON.stringify(
    names.map((name) => {
      const url = new URL(containers[name]!);
      return [name, url.hostname.endsWith('site.local') ? url.pathname : url.href];
    }),
  );
}

/**
 * Whether this instance should step aside: its own containers failed to load while another instance
 * renders the same release. A release that renders nowhere is still served (the browser renders it);
 * on PGlite there is one instance, never asked to step aside.
 */
export function renderHealth(app: FastifyInstance) {
  const instance = randomUUID();
  const key = `${PREFIX}${instance}`;
  const shared = app.database.kind === 'postgres';
  let own: { release: string; rendering: boolean } | null = null;
  let others: { release: string; at: number; rendering: boolean } | null = null;
  let timer: NodeJS.Timeout | undefined;

  const say = async () => {
    if (!shared || !own) return;
    const word: Word = { ...own, at: Date.now() };
    await settingsRepository.put(app.database.db, key, JSON.stringify(word)).catch((error: unknown) => app.log.warn({ err: error }, 'render health not recorded'));
  };

  const othersRender = async (release: string): Promise<boolean> => {
    const now = Date.now();
    if (others?.release === release && now - others.at < OTHERS_KEPT_MS) return others.rendering;
    const rows = await settingsRepository.list(app.database.db, PREFIX);
    const rendering = rows.some((row) => {
      if (row.key === key) return false;
      try {
        const word = JSON.parse(row.value) as Word;
        return word.release === release && word.rendering && now - word.at < RENDER_HEALTH_FRESH_MS;
      } catch {
        return false;
      }
    });
    others = { release, at: now, rendering };
    return rendering;
  };

  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (shared) await settingsRepository.delete(app.database.db, key).catch(() => undefined);
  });

  return {
    /** This instance's containers of `release` loaded (or failed to). */
    async record(release: string, rendering: boolean): Promise<void> {
      const changed = own?.release !== release || own.rendering !== rendering;
      own = { release, rendering };
      if (!shared) return;
      timer ??= setInterval(() => void say(), RENDER_HEALTH_EVERY_MS).unref();
      if (changed) await say();
    },
    /** True when this instance should answer not-ready and send its visitors elsewhere. */
    async stepAside(): Promise<boolean> {
      if (!shared || !own || own.rendering) return false;
      try {
        return await othersRender(own.release);
      } catch {
        // The database is the readiness probe's own concern.
        return false;
      }
    },
  };
}

export type RenderHealth = ReturnType<typeof renderHealth>;
