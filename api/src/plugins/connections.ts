import { Server, type Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * On shutdown, a keep-alive connection idle this long is taken as finished and closed. Well above the
 * proxy's own upstream idle timeout (500 ms in deploy/nginx): a proxy starved of CPU may not close its
 * idle connections on time, and one closed here as the proxy sends a POST on it is a 502 it may not retry.
 */
export const SHUTDOWN_IDLE_GRACE_MS = 3_000;
/** Past this, whatever is still open is closed (in-flight work has had its time). */
export const SHUTDOWN_HARD_LIMIT_MS = 15_000;

interface Tracked {
  inFlight: number;
  idleSince: number;
  /** socket.bytesRead when the last answer finished: more since then means a request is arriving. */
  readAtIdle: number;
}

/**
 * Timeouts on the socket level and a shutdown that loses no request. Node's own close() drops every
 * connection idle at that instant, including ones whose next request is already on the wire (the
 * client then sees a reset). Instead, once closing: no new connections; each open one gets its next
 * answer with `Connection: close`; only connections idle for SHUTDOWN_IDLE_GRACE_MS are closed.
 */
export const connectionsPlugin = fp(
  async (app) => {
    const { config } = app;
    const server = app.server;
    // Headers must come sooner than the whole request; Node requires headersTimeout <= requestTimeout.
    server.headersTimeout = Math.min(10_000, config.REQUEST_TIMEOUT_MS);

    const sockets = new Map<Socket, Tracked>();
    let closing = false;

    server.on('connection', (socket: Socket) => {
      sockets.set(socket, { inFlight: 0, idleSince: Date.now(), readAtIdle: 0 });
      socket.once('close', () => sockets.delete(socket));
    });
    server.on('request', (request: { socket: Socket }, response: { once(event: 'close', listener: () => void): void }) => {
      const tracked = sockets.get(request.socket);
      if (!tracked) return;
      tracked.inFlight++;
      response.once('close', () => {
        tracked.inFlight--;
        tracked.idleSince = Date.now();
        tracked.readAtIdle = request.socket.bytesRead;
      });
    });

    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('Connection', 'close');
      done(null, payload);
    });

    app.addHook('preClose', async () => {
      // Listener first: a connection still in the accept queue when it closes would be reset after
      // its client had sent a request. Keep-alive clients only open new connections when told to
      // close theirs, which starts below, once new connections are refused outright.
      const allClosed = new Promise<void>((resolve) => Server.prototype.close.call(server, () => resolve()));
      closing = true;
      // Fastify's close() calls server.close(), which would drop idle connections at once.
      server.closeIdleConnections = () => {};
      const startedAt = Date.now();
      const isIdle = (socket: Socket, tracked: Tracked) =>
        tracked.inFlight === 0 && socket.bytesRead === tracked.readAtIdle && Date.now() - tracked.idleSince >= SHUTDOWN_IDLE_GRACE_MS;
      const reaper = setInterval(() => {
        const hardLimit = Date.now() - startedAt > SHUTDOWN_HARD_LIMIT_MS;
        const candidates = [...sockets].filter(([socket, tracked]) => hardLimit || isIdle(socket, tracked));
        // Checked again after the next I/O poll: bytes already waiting on a busy loop count as a request.
        setImmediate(() => {
          for (const [socket, tracked] of candidates) if (hardLimit || isIdle(socket, tracked)) socket.destroy();
        });
      }, 100);
      // Everything in flight finishes before the database and the rest close.
      await allClosed;
      clearInterval(reaper);
    });
  },
  { name: 'connections' },
);
