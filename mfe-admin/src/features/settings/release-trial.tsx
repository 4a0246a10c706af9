import { useEffect, useRef, useState } from 'react';
import type { ReleasesOverview, ReleaseTrial } from '@site/shared/contracts/system';
import { messageOf } from '@site/shared/api-client';
import { toast } from '@site/shared/toast';
import { Actions, SmallButton } from '../../components/ui';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';

/** The query the preview link `pnpm release <remote> --preview` prints carries: the remote on preview. */
export const PREVIEW_PARAM = 'preview';

const whoGetsIt = (trial: ReleaseTrial) => (trial.kind === 'canary' ? `a canary for ${trial.percent} % of visitors and for admins with the preview on` : 'a preview for admins with the preview on');

/**
 * The release on trial (decision 058): who gets it, this admin's preview, promote or roll back; or
 * the line left by a canary rolled back automatically.
 */
export function ReleaseTrialPanel({ overview, onDone }: { overview: ReleasesOverview; onDone: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const trial = overview.trial;
  const opened = useRef(false);

  async function act(what: string, work: () => Promise<string>) {
    setBusy(what);
    try {
      toast.success(await work());
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  const setPreview = (on: boolean) =>
    act('preview', async () => {
      await adminRequest('/admin/releases/preview', { method: 'PUT', body: { on } });
      return on ? 'Your preview is on: the site shows you the release on trial.' : 'Your preview is off.';
    });

  // Opened from the link the release command printed: the preview is turned on for this browser.
  useEffect(() => {
    if (opened.current || !trial || trial.ended || overview.previewing) return;
    const params = new URLSearchParams(window.location.search);
    if (params.get(PREVIEW_PARAM) !== trial.remote) return;
    opened.current = true;
    void setPreview(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the link it was opened with
  }, [trial, overview.previewing]);

  if (!trial) return null;
  if (trial.ended) {
    return (
      <section aria-labelledby="trial-heading">
        <h3 id="trial-heading">Last canary</h3>
        <p role="status">
          Rolled back automatically on {formatIst(trial.ended.at)}: the canary of {trial.remote} <code>{trial.version}</code>. {trial.ended.reason}.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="trial-heading">
      <h3 id="trial-heading">Release on trial</h3>
      <p>
        {trial.remote} <code>{trial.version}</code>: {whoGetsIt(trial)}, since {formatIst(trial.since)}.
      </p>
      <p>{overview.previewing ? 'Your preview is on: the site shows you this release.' : 'Your preview is off: the site shows you the live release.'}</p>
      <Actions role="group" aria-label={`The trial of ${trial.remote}`}>
        <SmallButton type="button" $variant="ghost" disabled={busy !== null} onClick={() => void setPreview(!overview.previewing)}>
          {overview.previewing ? 'Turn my preview off' : 'Turn my preview on'}
        </SmallButton>
        {overview.previewing && <a href="/">Open the site</a>}
        <SmallButton
          type="button"
          disabled={busy !== null}
          onClick={() =>
            void act('promote', async () => {
              const pointer = await adminRequest<{ version: string }>(`/admin/releases/${encodeURIComponent(trial.remote)}/promote`, { method: 'POST', body: { version: trial.version } });
              return `${trial.remote} ${pointer.version} is live for everyone.`;
            })
          }
        >
          {busy === 'promote' ? 'Promoting…' : 'Promote'}
        </SmallButton>
        <SmallButton
          type="button"
          $variant="ghost"
          disabled={busy !== null}
          onClick={() =>
            void act('rollback', async () => {
              await adminRequest(`/admin/releases/${encodeURIComponent(trial.remote)}/rollback`, { method: 'POST' });
              return `The ${trial.kind} of ${trial.remote} is ended: everyone is on the live release.`;
            })
          }
        >
          {busy === 'rollback' ? 'Rolling back…' : 'Roll back'}
        </SmallButton>
      </Actions>
    </section>
  );
}
