import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { csvFilename, csvStream, inBatches, istCell, istHeader, type CsvColumn } from './csv';

interface Row {
  name: string;
  note: string | null;
  amount: number;
  at: Date;
  active: boolean;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Note', value: (r) => r.note },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'At', value: (r) => r.at },
  { header: 'Active', value: (r) => r.active },
];

async function* from<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

const at = new Date('2026-01-02T03:04:05.000Z');
const row = (name: string, note: string | null = null, amount = 1): Row => ({ name, note, amount, at, active: true });

describe('istCell', () => {
  it("writes an instant as India's wall clock (UTC+5:30), across midnight; nothing for no time", () => {
    expect(istCell('2026-12-31T18:30:00.000Z')).toBe('2027-01-01 00:00:00');
    expect(istCell(new Date('2026-06-01T09:15:42.000Z'))).toBe('2026-06-01 14:45:42');
    expect(istCell(null)).toBe('');
    expect(istHeader('Paid')).toBe('Paid (IST)');
  });
});

describe('csvStream', () => {
  it('writes a BOM, a header line and CRLF-separated rows; quotes commas, quotes and new lines', async () => {
    const bytes = await buffer(csvStream(from([row('Asha, "A"', 'line1\nline2', 12.5)]), columns));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Name,Note,Amount,At,Active\r\n"Asha, ""A""","line1\nline2",12.5,2026-01-02 08:34:05,yes\r\n');
  });

  it.each(['=1+1', '+91 98765', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])(
    'neutralises the formula-looking cell %j with a leading quote',
    async (cell) => {
      const out = await text(csvStream(from([row(cell)]), columns));
      const line = out.split('\r\n')[1]!;
      expect(line.startsWith(`'`) || line.startsWith(`"'`)).toBe(true);
      expect(line).toContain(`'${cell.slice(0, 1)}`);
    },
  );

  it('keeps negative numbers and empty cells as they are', async () => {
    const out = await text(csvStream(from([row('ok', null, -5)]), columns));
    expect(out.split('\r\n')[1]).toBe('ok,,-5,2026-01-02 08:34:05,yes');
  });

  it('pulls rows only as the reader consumes them (nothing buffered ahead)', async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<Row> {
      for (;;) {
        produced += 1;
        yield row(`name-${produced}`, 'x'.repeat(1000));
      }
    }
    const stream = csvStream(endless(), columns);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    stream.pause();
    // Backpressure stops the source near the stream buffers' size (~16 KiB each), far from endless.
    await new Promise((resolve) => setImmediate(resolve));
    expect(produced).toBeLessThan(200);
    stream.destroy();
  });

  it('ends with an error when the source fails', async () => {
    async function* failing(): AsyncGenerator<Row> {
      yield row('a');
      throw new Error('database went away');
    }
    await expect(text(csvStream(failing(), columns))).rejects.toThrow('database went away');
  });
});

describe('inBatches', () => {
  it('reads every row in keyset batches and stops after a short batch', async () => {
    const all = Array.from({ length: 7 }, (_, i) => i + 1);
    const calls: (number | undefined)[] = [];
    const rows: number[] = [];
    for await (const n of inBatches<number, number>(
      async (after, limit) => {
        calls.push(after);
        return all.filter((n) => n > (after ?? 0)).slice(0, limit);
      },
      (n) => n,
      3,
    )) {
      rows.push(n);
    }
    expect(rows).toEqual(all);
    expect(calls).toEqual([undefined, 3, 6]);
  });
});

describe('csvFilename', () => {
  it('dates the file and keeps only safe characters', () => {
    expect(csvFilename('contact messages', new Date('2026-11-23T10:00:00Z'))).toBe('contact_messages-2026-11-23.csv');
  });
});

describe('csvStream when the reader goes away', () => {
  it('stops and closes the source', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<Row> {
      try {
        for (let i = 0; ; i += 1) yield row(`n${i}`);
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(source(), columns);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    await vi.waitFor(() => expect(closed).toBe(true));
  });
});
