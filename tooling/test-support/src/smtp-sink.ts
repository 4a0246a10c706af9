import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A header of a raw message, its folded lines joined. */
export function header(raw: string, name: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1]?.trim() ?? '';
}

/**
 * A mail server on a loopback port that keeps what it accepts; it can be stopped and started again
 * on that port, refuse recipients, and hold its answers. A message counts as received when the
 * server answered 250 on a connection still open: one whose sender went away is not.
 */
export class SmtpSink {
  /** The raw messages received, in order. */
  readonly received: string[] = [];
  /** Recipients refused with a permanent error (550), as a server does for an address it does not know. */
  readonly refused = new Set<string>();
  /** Once this many messages are received, the next ones wait for their answer in `held`. */
  holdAfter = Infinity;
  /** Answers held back: calling one accepts its message. */
  readonly held: (() => void)[] = [];
  #closed = new Set<string>();
  #waiting: { count: number; resolve: () => void }[] = [];
  #server: SMTPServer | undefined;
  #port = 0;

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      // Plain SMTP on loopback: no certificate to trust, no account.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onClose: (session: SMTPServerSession) => void this.#closed.add(session.id),
      onRcptTo: (address, _session, callback) => {
        if (this.refused.has(address.address.toLowerCase())) {
          callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        } else {
          callback();
        }
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const accept = () => {
            if (this.#closed.has(session.id)) return;
            this.received.push(Buffer.concat(chunks).toString('utf8'));
            this.#waiting = this.#waiting.filter((waiter) => (waiter.count <= this.received.length ? (waiter.resolve(), false) : true));
            callback();
          };
          if (this.received.length >= this.holdAfter) this.held.push(accept);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening: connections are refused until `start` again. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` messages in all have been received. */
  receivedCount(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push({ count, resolve }));
  }

  subjects(): string[] {
    return this.received.map((raw) => header(raw, 'Subject'));
  }
}
