import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { bookConsultation, buyer, settle, slot, STARTER } from './orders-helpers';

// pg runs one query at a time on a connection: asked for a second while one runs, pg 8 queues it and
// warns, once per process (pg 9 refuses it). A transaction is one connection, so its reads must go
// one after another. Listening from the file's first line, this process's one warning is not missed.
const QUEUED = 'when the client is already executing a query';
const warnings: string[] = [];
process.on('warning', (warning) => warnings.push(warning.message));

describe.each(testDatabases())('the booking path on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('asks a connection for one query at a time: the slot list and a booking in its transaction', async () => {
    const me = await buyer(app);
    const slots = await app.inject({ method: 'GET', url: `/api/bookings/slots?package_id=${STARTER.id}&from=${slot(3).slice(0, 10)}&to=${slot(4).slice(0, 10)}` });
    expect(slots.statusCode, slots.body).toBe(200);
    const created = await bookConsultation(app, me, slot(3, 10));
    expect(created.statusCode, created.body).toBe(201);
    expect((await settle(app, created.json().razorpayOrderId)).statusCode).toBe(200);
    expect(warnings.filter((message) => message.includes(QUEUED))).toEqual([]);
  });
});
