import { usePageMeta } from '@site/shared/page-meta';
import type { SystemStatus } from '@site/shared/contracts/system';
import { Loading, LoadError, PageHeader, Pill, SmallButton } from '../../components/ui';
import { useQuery } from '@site/shared/query';
import { BackupPanel } from './backup-panel';
import { formatBytes, formatDuration } from '../../lib/format';
import { Facts, Grid, Panel } from './panels';
import { RemotesPanel } from './remotes-panel';
import { loadSystemStatus } from './system-api';

const DATABASE_KINDS: Record<SystemStatus['database']['kind'], string> = {
  pglite: 'Embedded (PGlite, in DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

function Overview({ system, onBackup }: { system: SystemStatus; onBackup: () => void }) {
  const { health, database, mail } = system;
  const healthy = health.state === 'ready' && health.database_reachable;
  return (
    <Grid>
      <Panel id="health" title="Health">
        <p>{healthy ? <Pill $tone="ok">Healthy</Pill> : <Pill $tone="warn">Needs attention</Pill>}</p>
        <Facts
          items={[
            ['Instance', health.state],
            ['Database', health.database_reachable ? 'Reachable' : 'Not reachable'],
            ['Up for', formatDuration(health.uptime_seconds)],
            ['Memory', formatBytes(health.resident_memory_bytes)],
          ]}
        />
      </Panel>
      <Panel id="database" title="Database">
        <Facts
          items={[
            ['Kind', DATABASE_KINDS[database.kind]],
            ['Server version', database.server_version ?? '—'],
            ['Schema', <code key="schema">{database.schema_version ?? '—'}</code>],
          ]}
        />
      </Panel>
      <BackupPanel backups={system.backups} onDownloaded={onBackup} />
      <Panel id="queue" title="Job queue">
        <Facts items={[['Waiting or running jobs', system.queue.depth], ['Of which e-mails', system.queue.mail]]} />
      </Panel>
      <Panel id="mail" title="Mail">
        <Facts
          items={[
            ['Sent through', mail.transport === 'smtp' ? 'SMTP (SMTP_URL)' : 'Outbox files (DATA_DIR/outbox)'],
            ['Failed since start', mail.failures_since_start],
          ]}
        />
        {mail.recent_failures.length === 0 ? (
          <p>No recent mail failures.</p>
        ) : (
          <ul>
            {mail.recent_failures.map((failure) => (
              <li key={`${failure.at}-${failure.to}`}>
                {failure.to}: {failure.error} ({failure.retrying ? 'will be retried' : 'given up: retry it in Mail'})
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </Grid>
  );
}

export function SystemPage() {
  usePageMeta({ title: 'System', description: 'Health, database, front ends, backups, queue and mail.' });
  const system = useQuery('system', loadSystemStatus);
  return (
    <>
      <PageHeader>
        <h1>System</h1>
        <SmallButton type="button" $variant="ghost" onClick={system.reload} disabled={system.state === 'loading'}>
          Refresh
        </SmallButton>
      </PageHeader>
      {system.state === 'loading' && !system.data && <Loading />}
      {system.state === 'error' && <LoadError text="Failed to load the system status." error={system.error} onRetry={system.reload} />}
      {system.data && (
        <>
          <Overview system={system.data} onBackup={system.reload} />
          <RemotesPanel remotes={system.data.remotes} />
        </>
      )}
    </>
  );
}
