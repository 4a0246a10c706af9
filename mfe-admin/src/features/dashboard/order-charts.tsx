import { BOOKING_TIME_ZONE, IST_OFFSET } from '@site/shared/contracts/booking-policy';
import { useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { formatPaise, formatRupees, toRupees } from '@site/shared/money';
import { theme } from '@site/shared/ui/theme';
import type { AdminOrderStats } from '../../lib/admin-types';

// Only the parts used are registered, so the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr));
  gap: 24px;
  figure { margin: 0; background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius.md}; padding: 16px; }
  figcaption { font-weight: 600; margin-bottom: 8px; }
  .plot { position: relative; height: 260px; }
`;

const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: BOOKING_TIME_ZONE });
const weekLabel = (iso: string) => dayMonth.format(new Date(iso));
const dayLabel = (date: string) => dayMonth.format(new Date(`${date}T12:00:00${IST_OFFSET}`));

function ChartCanvas({ config }: { config: ChartConfiguration }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  // The table beside it says the same for screen readers.
  return <canvas ref={canvas} aria-hidden="true" />;
}

const axisColor = { color: theme.color.textMuted };
const grid = { color: theme.color.border };

export default function OrderCharts({ stats }: { stats: AdminOrderStats }) {
  const weekly = useMemo<ChartConfiguration>(() => ({
    type: 'bar',
    data: {
      labels: stats.weeks.map((w) => weekLabel(w.week_start)),
      datasets: [
        { type: 'bar', label: 'Paid orders', data: stats.weeks.map((w) => w.paid_orders), backgroundColor: theme.color.primary, yAxisID: 'orders' },
        {
          type: 'line',
          label: 'Revenue (₹)',
          data: stats.weeks.map((w) => toRupees(w.revenue_paise)),
          borderColor: theme.color.accent,
          backgroundColor: theme.color.accent,
          yAxisID: 'revenue',
        },
      ],
    },
    options: {
      locale: 'en-IN',
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { ticks: axisColor, grid },
        orders: { position: 'left', beginAtZero: true, ticks: { ...axisColor, precision: 0 }, grid },
        // Rupees as everywhere else: ₹ and Indian digit grouping.
        revenue: { position: 'right', beginAtZero: true, ticks: { ...axisColor, callback: (value) => formatRupees(Number(value)) }, grid: { drawOnChartArea: false } },
      },
      plugins: { legend: { labels: axisColor } },
    },
  }), [stats]);
  const ahead = useMemo<ChartConfiguration>(() => ({
    type: 'bar',
    data: {
      labels: stats.bookings_ahead.map((d) => dayLabel(d.date)),
      datasets: [{ label: 'Bookings', data: stats.bookings_ahead.map((d) => d.bookings), backgroundColor: theme.color.accent }],
    },
    options: {
      locale: 'en-IN',
      maintainAspectRatio: false,
      animation: false,
      scales: { x: { ticks: axisColor, grid }, y: { beginAtZero: true, ticks: { ...axisColor, precision: 0 }, grid } },
      plugins: { legend: { labels: axisColor } },
    },
  }), [stats]);

  return (
    <Grid>
      <figure>
        <figcaption>Paid orders and revenue per week (last {stats.weeks.length} weeks)</figcaption>
        <div className="plot">
          <ChartCanvas config={weekly} />
        </div>
        {/* In a hidden box: a table is never narrower than its content, so hidden itself it widened a phone page. */}
        <div className="visually-hidden">
          <table>
            <caption>Paid orders and revenue per week</caption>
            <thead>
              <tr>
                <th scope="col">Week from</th>
                <th scope="col">Paid orders</th>
                <th scope="col">Revenue (₹)</th>
              </tr>
            </thead>
            <tbody>
              {stats.weeks.map((w) => (
                <tr key={w.week_start}>
                  <th scope="row">{weekLabel(w.week_start)}</th>
                  <td>{w.paid_orders}</td>
                  <td>{formatPaise(w.revenue_paise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
      <figure>
        <figcaption>Bookings per day ahead</figcaption>
        <div className="plot">
          <ChartCanvas config={ahead} />
        </div>
        {/* In a hidden box: a table is never narrower than its content, so hidden itself it widened a phone page. */}
        <div className="visually-hidden">
          <table>
            <caption>Bookings per day ahead</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Bookings</th>
              </tr>
            </thead>
            <tbody>
              {stats.bookings_ahead.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{dayLabel(d.date)}</th>
                  <td>{d.bookings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Grid>
  );
}
