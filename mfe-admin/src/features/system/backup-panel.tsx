import { useState, type ReactNode } from 'react';
import type { SystemStatus } from '@site/shared/contracts/system';
import { StatusText } from '@site/shared/ui/primitives';
import { Pill, SmallButton } from '../../components/ui';
import { formatIst } from '../../lib/ist';
import { formatBytes } from '../../lib/format';
import { Facts, Panel } from './panels';
import { downloadBackup } from './system-api';

/** The last backup, the schedule, and a download of a fresh one. */
export function BackupPanel({ backups, onDownloaded }: { backups: SystemStatus['backups']; onDownloaded: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { last } = backups;

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadBackup();
      onDownloaded();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel id="backups" title="Backups">
      {last ? (
        <Facts
          items={[
            ['Last backup', formatIst(last.at)],
            ['Size', formatBytes(last.size)],
            ['Kind', last.kind === 'scheduled' ? 'Scheduled' : 'Downloaded'],
            ...(last.file ? ([['File', <code key="file">{last.file}</code>]] as [string, ReactNode][]) : []),
            ['Encrypted', last.encrypted ? 'Yes' : 'No'],
          ]}
        />
      ) : (
        <p>No backup has been made yet.</p>
      )}
      <p>
        {backups.every_hours > 0
          ? `Scheduled every ${backups.every_hours} hours, keeping the last ${backups.keep}.`
          : 'Scheduled backups are off (BACKUP_INTERVAL_HOURS=0).'}{' '}
        {backups.encrypted ? (
          <Pill $tone="ok">Encrypted with BACKUP_KEY</Pill>
        ) : (
          <Pill $tone="warn">Not encrypted: set BACKUP_KEY</Pill>
        )}
      </p>
      {!backups.encrypted && (
        <p>
          Backups without BACKUP_KEY leave out the signing secrets: a site restored from one makes new ones, so sign-ins and the order and
          newsletter links sent before it stop working. Set BACKUP_KEY on a public site.
        </p>
      )}
      <SmallButton type="button" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing backup…' : 'Download backup'}
      </SmallButton>
      {error && (
        <StatusText role="alert" $tone="error">
          {error}
        </StatusText>
      )}
    </Panel>
  );
}
