import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { pgliteBossDatabase, pgliteOf } from '../src/modules/jobs/boss-database';

/**
 * PGlite runs on the api's own thread. pg-boss chains the statements of a background pass one
 * after another; unless each gives the event loop a turn, a pass of dozens of statements holds up
 * every request (even those answered from a cache) for its whole length.
 */
describe('the job queue on the embedded database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lets the event loop turn between the statements of a chained pass', async () => {
    const boss = pgliteBossDatabase(pgliteOf(database));
    let turns = 0;
    let pending: NodeJS.Immediate;
    const turn = () => {
      turns += 1;
      pending = setImmediate(turn);
    };
    pending = setImmediate(turn);
    const turnsSeen: number[] = [];
    try {
      for (let i = 0; i < 6; i += 1) {
        await boss.executeSql('SELECT $1::int AS n', [i]);
        await boss.executeSql('SELECT 1; SELECT 2');
        turnsSeen.push(turns);
      }
    } finally {
      clearImmediate(pending!);
    }
    // Each step of the chain saw at least one turn of the loop since the previous one.
    for (let i = 1; i < turnsSeen.length; i += 1) expect(turnsSeen[i]).toBeGreaterThan(turnsSeen[i - 1]!);
  });
});
