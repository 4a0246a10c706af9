// A forgotten payment key must not make everything free (issue 26 item 5): the sandbox settles only
// its own orders, and a public site does not start with it unless told to.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, loadServerConfig } from '../src/config';
import { orders } from '../src/modules/orders/table';
import { useTestApp, testConfig } from './app';
import { testDatabases } from './databases';
import { bookConsultation, buyer, settle, slot } from './orders-helpers';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RAZORPAY_VARIABLES = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'];

describe.each(testDatabases())('sandbox settle on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('refuses an order its provider (Razorpay) created, and leaves it unpaid', async () => {
    const me = await buyer(app);
    const booked = (await bookConsultation(app, me, slot(4, 11))).json();
    // The row as an instance with Razorpay keys left it.
    await app.database.db.update(orders).set({ provider: 'razorpay', providerOrderId: 'order_RZPguard01' }).where(eq(orders.id, booked.id));
    const res = await settle(app, 'order_RZPguard01');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'not_sandbox_order', message: expect.stringContaining('sandbox') });
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, booked.id));
    expect(row!.status).toBe('created');
  });

  it('still settles its own orders', async () => {
    const me = await buyer(app);
    const booked = (await bookConsultation(app, me, slot(4, 14))).json();
    expect((await settle(app, booked.razorpayOrderId)).statusCode).toBe(200);
  });
});

describe('starting with the sandbox', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadServerConfig(env);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it.each([
    [{ PUBLIC_URL: 'https://shop.example' }],
    [{ NODE_ENV: 'production' }],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://intranet.example' }],
  ])('refuses a public site %o without Razorpay keys, naming them', (env) => {
    const error = refusal(env);
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of [...RAZORPAY_VARIABLES, 'PAYMENTS_SANDBOX=1']) expect((error as ConfigError).message).toContain(name);
  });

  it.each([
    [{}],
    [{ PUBLIC_URL: 'http://localhost:3000' }],
    [{ PUBLIC_URL: 'https://shop.example', PAYMENTS_SANDBOX: '1' }],
    [{ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' }],
    [{ PUBLIC_URL: 'https://shop.example', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' }],
  ])('starts %o', (env) => {
    expect(refusal(env)).toBeUndefined();
  });

  it('leaves the command-line tools (backup, restore), which take no payments, to run', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).PAYMENTS_SANDBOX).toBe(false);
  });

  it('a plain start on http keeps the sandbox and warns, naming the Razorpay variables', async () => {
    const lines: string[] = [];
    const config = testConfig({ LOG_LEVEL: 'warn' });
    const app = await buildApp({ config, serveWeb: false, logStream: { write: (line: string) => lines.push(line) } });
    try {
      await app.ready();
      expect(app.payments.provider).toBe('sandbox');
      const warning = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((entry) => /sandbox/.test(entry.msg));
      expect(warning?.level).toBe(40);
      for (const name of RAZORPAY_VARIABLES) expect(warning!.msg).toContain(name);
    } finally {
      await app.close();
    }
  });

  it('the server exits 1 with NODE_ENV=production set and no keys; its own NODE_ENV default does not count', { timeout: 60_000 }, async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(NODE_ENV|PUBLIC_URL|RAZORPAY_|PAYMENTS_SANDBOX|VITEST)/.test(key)));
        // PORT=-1 is a config error too: a start that passed the sandbox check stops at it, without listening.
        // From its sources (server.ts is what sets the default): the compiled bundle may be older than this checkout.
        execFile(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: apiDir, env: { ...base, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'api-guard-')), ...env } as NodeJS.ProcessEnv, timeout: 30_000 }, (error, _stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
        );
      });
    const refused = await run({ NODE_ENV: 'production' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('RAZORPAY_WEBHOOK_SECRET');
    const plain = await run({ PORT: '-1' });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('PORT');
    expect(plain.stderr).not.toContain('RAZORPAY');
  });
});
