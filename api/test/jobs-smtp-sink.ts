import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail server on a loopback port that keeps what it accepts; it can be stopped and started again on that port. */
export class SmtpSink {
  readonly received: string[] = [];
  /** Recipients refused with a permanent error (550), as a server does for an address it does not know. */
  readonly refused = new Set<string>();
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
      onRcptTo: (address, _session, callback) => {
        if (this.refused.has(address.address.toLowerCase())) {
          callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        } else {
          callback();
        }
      },
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
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

  subjects(): string[] {
    return this.received.map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '');
  }
}
