import { assertChromium } from '@site/test-support/chromium';
import { CLUSTER_ADMIN, startCluster } from '@site/test-support/cluster';
import { ensureBuilt } from '@site/test-support/server';

/** Two api instances on one PostgreSQL behind nginx; the suite talks to nginx (and to each instance's probe). */
export default async function clusterSetup(): Promise<() => Promise<void>> {
  assertChromium();
  ensureBuilt();
  const cluster = await startCluster(2, { pinned: true });
  // Workers start after this and inherit these.
  process.env.CLUSTER_PROXY_URL = cluster.proxy.url;
  process.env.CLUSTER_INSTANCES = JSON.stringify(cluster.instances.map((instance) => ({ url: instance.url, pid: instance.process.pid, dataDir: instance.dataDir })));
  // A restarted instance needs the same settings as the others.
  process.env.CLUSTER_INSTANCE_ENV = JSON.stringify(cluster.env);
  process.env.CLUSTER_ADMIN = JSON.stringify(CLUSTER_ADMIN);
  return () => cluster.stop();
}
