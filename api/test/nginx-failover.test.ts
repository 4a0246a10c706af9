import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNginxSite } from '../../deploy/render-nginx.mjs';
import { startNginx, type RunningNginx } from '@site/test-support/cluster';

/** A stand-in instance that answers every request with `status`, and counts them. */
function instance(): { server: Server; status: number; served: number; address: () => string } {
  const stub = {
    status: 200,
    served: 0,
    server: createServer((_request, response) => {
      stub.served++;
      response.writeHead(stub.status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{}');
    }),
    address: () => `127.0.0.1:${(stub.server.address() as { port: number }).port}`,
  };
  return stub;
}

describe('nginx in front of two instances', () => {
  const instances = [instance(), instance()];
  let nginx: RunningNginx;
  beforeAll(async () => {
    for (const { server } of instances) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    nginx = await startNginx(instances.map((stub) => stub.address()));
  });
  afterAll(async () => {
    await nginx?.stop();
    for (const { server } of instances) server.close();
  });

  it('lists each instance again as a backup never taken out (one instance alone has none)', () => {
    const site = renderNginxSite({ apis: ['10.0.0.1:3000', '10.0.0.2:3000'], webRoot: '.', listen: '80' });
    expect(site).toContain('server 10.0.0.1:3000 max_fails=1 fail_timeout=5s;');
    expect(site).toContain('server 10.0.0.2:3000 backup max_fails=0;');
    expect(renderNginxSite({ apis: ['10.0.0.1:3000'], webRoot: '.', listen: '80' })).not.toMatch(/server .* backup/);
  });

  it('still reaches an instance the moment after every instance was taken out (one draining, then the other shedding)', async () => {
    const get = async () => (await fetch(`${nginx.url}/api/events`)).status;
    // The first answers 503 (draining): nginx retries on the second and takes the first out.
    instances[0]!.status = 503;
    for (let i = 0; i < 4; i++) expect(await get()).toBe(200);
    expect(instances[0]!.served).toBeGreaterThan(0);
    // Then the second sheds one request: taken out too, by another request.
    instances[1]!.status = 503;
    expect(await get()).toBe(503);

    for (const stub of instances) stub.status = 200;
    // Without the backups, nginx answers 502 ("no live upstreams") until fail_timeout (5 s) is over.
    const statuses = await Promise.all(Array.from({ length: 5 }, get));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
