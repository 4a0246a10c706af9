import { useState } from 'react';
import { messageOf } from '@site/shared/api-client';
import type { MailItem, MailList, MailState } from '@site/shared/contracts/mail';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { DataTable, Empty, LoadError, Loading, Pill, SmallButton, Toolbar } from '../../components/ui';
import { ListHeader, RefreshButton, SelectFilter } from '../../components/paged-list';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import { useLoad } from '../../lib/use-load';

const STATES: readonly MailState[] = ['pending', 'failed', 'sent'];
const TONES = { pending: 'muted', failed: 'warn', sent: 'ok' } as const;

function RetryButton({ message, onDone }: { message: MailItem; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  if (message.state !== 'failed') return null;
  async function retry() {
    setBusy(true);
    try {
      await adminRequest(`/admin/mail/${encodeURIComponent(message.id)}/retry`, { method: 'POST' });
      toast.success(`The message to ${message.to} will be sent again.`);
      onDone();
    } catch (error) {
      toast.error(messageOf(error, 'The retry failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <SmallButton type="button" $variant="ghost" disabled={busy} onClick={() => void retry()} aria-label={`Retry the message to ${message.to}: ${message.subject}`}>
      {busy ? 'Retrying…' : 'Retry'}
    </SmallButton>
  );
}

/** When it went out, or when it is next tried. */
function whenCell(message: MailItem): string {
  if (message.sent_at) return `Sent ${formatIst(message.sent_at)}`;
  if (message.next_attempt_at && message.state === 'pending') return `Next try ${formatIst(message.next_attempt_at)}`;
  return '—';
}

/** Admin → Mail: every e-mail the site queued, whether it went out, why not, and a retry. */
export function MailPage() {
  usePageMeta({ title: 'Mail', description: 'E-mail sent by the site.' });
  const [state, setState] = useState<MailState | ''>('');
  const [version, setVersion] = useState(0);
  const list = useLoad(() => adminRequest<MailList>('/admin/mail', { query: { state: state || undefined } }), `${state}|${version}`);
  const reload = () => setVersion((v) => v + 1);
  const data = list.data;

  return (
    <>
      <ListHeader title="Mail" />
      {data && (
        <p aria-live="polite">
          {data.counts.pending} pending · {data.counts.failed} failed · {data.counts.sent} sent
        </p>
      )}
      <Toolbar>
        <SelectFilter label="Status" value={state} onChange={setState} options={STATES} all />
        <RefreshButton onClick={reload} />
      </Toolbar>
      <div aria-busy={list.state === 'loading'} style={{ marginTop: 16 }}>
        {list.state === 'loading' && <Loading />}
        {list.state === 'error' && <LoadError text="Failed to load mail." error={list.error} onRetry={list.reload} />}
        {list.state === 'ready' && list.data.items.length === 0 && <Empty text={state ? `No ${state} messages.` : 'No messages yet.'} />}
        {data && data.items.length > 0 && list.state !== 'error' && (
          <DataTable caption="E-mail sent by the site, newest first">
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">Retries</th>
                <th scope="col">Last error</th>
                <th scope="col">Sent or next try</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((message) => (
                <tr key={message.id}>
                  <td>{formatIst(message.created_at)}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>{message.to}</td>
                  <td>{message.subject}</td>
                  <td>
                    <Pill $tone={TONES[message.state]}>{message.state}</Pill>
                  </td>
                  <td className="num">{message.retries}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>{message.last_error ?? '—'}</td>
                  <td>{whenCell(message)}</td>
                  <td>
                    <RetryButton message={message} onDone={reload} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </div>
    </>
  );
}
