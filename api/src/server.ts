import { setFlagsFromString } from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { healthListener } from './modules/health/listener';
import { ConfigError, loadServerConfig } from './config';
import { site } from '@site/shared/site-config';

async function main(): Promise<void> {
  // The embedded database is WebAssembly: compiled by the optimising tier alone, it keeps ~50 MB
  // less resident than V8's default (a quick baseline first, then the hot functions again), runs
  // queries as fast or faster, and is ready ~1.5 s later (decision 016). Set before it is compiled.
  setFlagsFromString('--no-liftoff');
  // Libraries that read NODE_ENV when loaded (React's server renderer, loaded at the first render)
  // take their production builds unless told otherwise, as the api's own config defaults to.
  // The config reads the operator's environment as given: this default must not make a plain
  // start count as a public site.
  const environment = { ...process.env };
  process.env.NODE_ENV ??= 'production';
  let config;
  try {
    config = loadServerConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  const probes = config.HEALTH_PORT ? healthListener(app) : undefined;

  // First the readiness probe answers 503 so a load balancer stops sending traffic, then the
  // listener closes and in-flight requests finish before the database is closed.
  closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err: { type: err.name, message: err.message } }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    app.lifecycle.state = 'draining';
    probes?.close();
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (probes) await new Promise<void>((resolve) => probes.listen(config.HEALTH_PORT, config.HOST, resolve));
  const shown = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`\n  ${site.name} is running at ${shown}\n`);
}

void main();
