import { useState } from 'react';
import type { RemoteReleases, ReleasesOverview } from '@site/shared/contracts/system';
import { messageOf } from '@site/shared/api-client';
import { toast } from '@site/shared/toast';
import { Actions, DataTable, Empty, LoadError, Loading, Pill, SmallButton } from '../../components/ui';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import { useQuery } from '@site/shared/query';
import { ReleaseSignals, useReleaseSignals } from './release-signals';
import { ReleaseTrialPanel } from './release-trial';

/** Makes the release before the live one live again, after a confirmation. */
function RollbackButton({ remote, onDone }: { remote: RemoteReleases; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const liveIndex = remote.releases.findIndex((release) => release.live);
  const previous = liveIndex >= 0 ? remote.releases[liveIndex + 1] : undefined;
  if (!previous) return <span>No earlier release</span>;

  async function rollback() {
    setBusy(true);
    try {
      const pointer = await adminRequest<{ version: string }>(`/admin/releases/${encodeURIComponent(remote.remote)}/rollback`, { method: 'POST' });
      toast.success(`${remote.remote} is back on ${pointer.version}.`);
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'The rollback failed. Please try again.'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  if (!confirming) {
    return (
      <SmallButton type="button" $variant="ghost" onClick={() => setConfirming(true)} aria-label={`Roll back ${remote.remote}`}>
        Roll back
      </SmallButton>
    );
  }
  return (
    <Actions role="group" aria-label={`Confirm the rollback of ${remote.remote}`}>
      <span>
        Make <code>{previous.version}</code> live?
      </span>
      <SmallButton type="button" disabled={busy} onClick={() => void rollback()} autoFocus>
        {busy ? 'Rolling back…' : 'Confirm rollback'}
      </SmallButton>
      <SmallButton type="button" $variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
        Cancel
      </SmallButton>
    </Actions>
  );
}

/** Who is live: a release since a time, the build the site was started with (its release zero), or an unrecorded build. */
function LiveLine({ remote }: { remote: RemoteReleases }) {
  if (remote.live) {
    return (
      <p>
        Live: <code>{remote.live.version}</code> since {formatIst(remote.live.since)}
      </p>
    );
  }
  const started = remote.releases.find((release) => release.live);
  return started ? (
    <p>
      Live: <code>{started.version}</code>, the build the site was started with
    </p>
  ) : (
    <p>Live: its own build (no release yet)</p>
  );
}

function RemoteHistory({ remote, onDone, signals, onTrial }: { remote: RemoteReleases; onDone: () => void; signals: ReturnType<typeof useReleaseSignals>; onTrial: string | null }) {
  const headingId = `releases-${remote.remote}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{remote.remote}</h3>
      <LiveLine remote={remote} />
      {remote.releases.length > 0 && (
        <>
          <DataTable caption={`Releases of ${remote.remote}, newest first`} cards={640}>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Made</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {remote.releases.map((release) => (
                <tr key={release.version}>
                  <td data-label="Version">
                    <code>{release.version}</code>
                  </td>
                  <td data-label="Made">{formatIst(release.created_at)}</td>
                  <td data-label="State">
                    {release.live ? <Pill $tone="ok">Live</Pill> : release.version === onTrial ? <Pill $tone="warn">On trial</Pill> : <Pill $tone="muted">Kept</Pill>}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {/* While on trial, its rollback ends the trial (above). */}
          {!onTrial && (
            <div style={{ marginTop: 12 }}>
              <RollbackButton remote={remote} onDone={onDone} />
            </div>
          )}
        </>
      )}
      <ReleaseSignals remote={remote.remote} signals={signals} />
    </section>
  );
}

/** Settings → Releases: each remote's live version and the releases kept, with a rollback. */
export function ReleasesPanel() {
  const overview = useQuery('releases', () => adminRequest<ReleasesOverview>('/admin/releases'));
  const signals = useReleaseSignals();
  return (
    <section aria-labelledby="releases-heading" style={{ marginTop: 32 }}>
      <h2 id="releases-heading">Releases</h2>
      {overview.state === 'loading' && <Loading />}
      {overview.state === 'error' && <LoadError text="Failed to load the releases." error={overview.error} onRetry={overview.reload} />}
      {overview.state === 'ready' && (
        <>
          <p>
            Each remote is released with <code>pnpm release &lt;remote&gt;</code> (or put on trial first with <code>--preview</code> or <code>--canary &lt;percent&gt;</code>); the last{' '}
            {overview.data.keep} releases stay served for pages opened on them.
          </p>
          <ReleaseTrialPanel overview={overview.data} onDone={overview.reload} />
          {overview.data.remotes.every((remote) => remote.releases.length === 0) && <Empty text="No remote has been released yet." />}
          {overview.data.remotes.map((remote) => {
            const trial = overview.data.trial;
            const onTrial = trial && !trial.ended && trial.remote === remote.remote ? trial.version : null;
            return <RemoteHistory key={remote.remote} remote={remote} onDone={overview.reload} signals={signals} onTrial={onTrial} />;
          })}
        </>
      )}
    </section>
  );
}
