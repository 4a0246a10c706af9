import type { FastifyInstance } from 'fastify';
import { IST_OFFSET_MS } from '@site/shared/contracts/booking-policy';
import type { AdminOrder, AdminOrderPage, AdminOrderStats } from '@site/shared/contracts/orders';
import { orderReportRepository, type AdminOrderFilter } from './report-repository';
import type { OrderRow } from './table';

const DAY = 86_400_000;

/** The admin's view of orders: filtered pages, the streamed CSV export, weekly and daily figures. */
export function createAdminReports(app: FastifyInstance, toAdminOrders: (rows: OrderRow[]) => Promise<AdminOrder[]>) {
  const db = app.database.db;
  return {
    async adminPage(filter: AdminOrderFilter, page: number, pageSize: number): Promise<AdminOrderPage> {
      const { rows, total } = await orderReportRepository.adminPage(db, filter, pageSize, (page - 1) * pageSize);
      return { items: await toAdminOrders(rows), total, page, page_size: pageSize };
    },

    /** Every matching order, newest first, a batch at a time (for a streamed export). */
    async *adminExport(filter: AdminOrderFilter): AsyncGenerator<AdminOrder> {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await orderReportRepository.adminBatch(db, filter, after, 200);
        if (!rows.length) return;
        yield* await toAdminOrders(rows);
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },

    async stats(now = new Date()): Promise<AdminOrderStats> {
      // Monday 00:00 IST of the current week, then eleven weeks before it.
      const istNow = new Date(now.getTime() + IST_OFFSET_MS);
      const todayIst = Date.UTC(istNow.getUTCFullYear(), istNow.getUTCMonth(), istNow.getUTCDate());
      const mondayIst = todayIst - ((istNow.getUTCDay() + 6) % 7) * DAY;
      const firstWeek = mondayIst - 11 * 7 * DAY;
      const weekRows = new Map((await orderReportRepository.paidPerWeek(db, new Date(firstWeek - IST_OFFSET_MS))).map((row) => [row.week, row]));
      const weeks = Array.from({ length: 12 }, (_, i) => {
        const key = new Date(firstWeek + i * 7 * DAY).toISOString().slice(0, 10);
        const row = weekRows.get(key);
        return { week_start: key, paid_orders: row?.orders ?? 0, revenue_paise: row?.revenue ?? 0 };
      });
      const dayRows = new Map(
        (await orderReportRepository.bookingsPerDay(db, new Date(todayIst - IST_OFFSET_MS), new Date(todayIst + 14 * DAY - IST_OFFSET_MS))).map((row) => [
          row.date,
          row.bookings,
        ]),
      );
      const bookings_ahead = Array.from({ length: 14 }, (_, i) => {
        const date = new Date(todayIst + i * DAY).toISOString().slice(0, 10);
        return { date, bookings: dayRows.get(date) ?? 0 };
      });
      return { currency: 'INR', weeks, bookings_ahead };
    },
  };
}
