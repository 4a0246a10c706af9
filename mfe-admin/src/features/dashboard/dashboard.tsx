import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { theme } from '@site/shared/ui/theme';
import { Empty, LoadError, Loading, PageHeader } from '../../components/ui';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import { useQuery } from '@site/shared/query';
import type { AdminOrderStats, AdminStats, AuditEntry } from '../../lib/admin-types';

// No 'New Position': Careers is 'Coming Soon' and its button does nothing (SPEC), so a shortcut there would promise what it cannot do.
const QUICK_ACTIONS = [
  { to: '/admin/blogs/new', label: 'New Post' },
  { to: '/admin/events/new', label: 'New Event' },
  { to: '/admin/packages/new', label: 'New Package' },
] as const;

// The chart library is fetched only when the dashboard shows a chart.
const OrderCharts = lazy(() => import('./order-charts'));

const Counters = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(160px, 100%), 1fr));
  gap: 16px;
  margin: 0 0 28px;
  div { background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius.md}; padding: 16px; }
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 4px 0 0; font-size: 2rem; font-weight: 700; }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(280px, 100%), 1fr));
  gap: 24px;
  margin-bottom: 28px;
  section { background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius.md}; padding: 16px 20px; }
  h2 { margin-top: 0; font-size: 1.25rem; }
  ul { margin: 0; padding-left: 20px; }
  /* An entry's label may be one long word (a slug, an address): it wraps rather than widen a phone page. */
  li { margin-bottom: 8px; overflow-wrap: anywhere; }
  time { color: ${theme.color.textMuted}; font-size: 0.9rem; }
`;

const COUNTERS: { key: keyof AdminStats; label: string }[] = [
  { key: 'total_users', label: 'Total Users' },
  { key: 'blog_posts', label: 'Blog Posts' },
  { key: 'events', label: 'Events' },
  { key: 'job_positions', label: 'Job Positions' },
];

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  archive: 'archived',
  reactivate: 'reactivated',
  deactivate: 'deactivated',
  delete: 'deleted',
  refund: 'refunded',
  password_change: 'changed the password of',
  retry: 'retried',
  download: 'downloaded',
};

export const describeActivity = (entry: AuditEntry) =>
  `${entry.actor_username} ${VERBS[entry.action] ?? entry.action} ${entry.entity}${entry.label ? ` “${entry.label}”` : ''}`;

export function Dashboard() {
  usePageMeta({ title: 'Admin dashboard', description: 'Manage blogs, events and packages.' });
  const stats = useQuery('stats', () => adminRequest<AdminStats>('/admin/stats'));
  const activity = useQuery('activity', () => adminRequest<{ items: AuditEntry[] }>('/admin/activity', { query: { limit: 10 } }));
  const orders = useQuery('order-stats', () => adminRequest<AdminOrderStats>('/admin/orders/stats'));

  return (
    <>
      <PageHeader>
        <h1>Dashboard</h1>
      </PageHeader>
      {stats.state === 'loading' && <Loading />}
      {stats.state === 'error' && <LoadError text="Failed to load the counts." error={stats.error} onRetry={stats.reload} />}
      {stats.state === 'ready' && (
        <Counters>
          {COUNTERS.map(({ key, label }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{stats.data[key]}</dd>
            </div>
          ))}
        </Counters>
      )}
      <Panels>
        <section aria-labelledby="activity-heading">
          <h2 id="activity-heading">Recent Activity</h2>
          {activity.state === 'loading' && <Loading />}
          {activity.state === 'error' && <LoadError text="Failed to load recent activity." error={activity.error} onRetry={activity.reload} />}
          {activity.state === 'ready' && activity.data.items.length === 0 && <Empty text="No activity yet." />}
          {activity.state === 'ready' && activity.data.items.length > 0 && (
            <ul>
              {activity.data.items.map((entry) => (
                <li key={entry.id}>
                  {describeActivity(entry)} <time dateTime={entry.at}>{formatIst(entry.at)}</time>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="actions-heading">
          <h2 id="actions-heading">Quick Actions</h2>
          <ul>
            {QUICK_ACTIONS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </Panels>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">Orders and bookings</h2>
        {orders.state === 'loading' && <Loading />}
        {orders.state === 'error' && <LoadError text="Failed to load order figures." error={orders.error} onRetry={orders.reload} />}
        {orders.state === 'ready' && (
          <Suspense fallback={<Loading text="Loading charts…" />}>
            <OrderCharts stats={orders.data} />
          </Suspense>
        )}
      </section>
    </>
  );
}
