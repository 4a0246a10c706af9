import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { messageOf } from '@site/shared/api-client';
import type { MailItem, MailList, MailState } from '@site/shared/contracts/mail';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { DataTable, Empty, LoadError, Loading, Pill, SmallButton, Toolbar } from '../../components/ui';
import { ListHeader, RefreshButton, SelectFilter } from '../../components/paged-list';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';
import { useQuery } from '@site/shared/query';

/** On a phone each message is a card of labelled lines: eight columns do not fit beside each other. */
const Messages = styled.div`
  @media ${theme.media.mobile} {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    table, tbody, tr, td { display: block; }
    tr { padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
    tbody tr:last-child { border-bottom: 0; }
    td { display: grid; grid-template-columns: 8rem minmax(0, 1fr); gap: 8px; border: 0; padding: 4px 12px; text-align: left; }
    td::before { content: attr(data-label); font-weight: 600; color: ${theme.color.textMuted}; }
    td.to { overflow-wrap: anywhere; }
    td:empty { display: none; }
    td > * { justify-self: start; }
  }
`;

const Retries = styled.span`
  display: block;
  margin-top: 4px;
  color: ${theme.color.textMuted};
  font-size: 0.85rem;
  white-space: nowrap;
`;

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
  const list = useQuery(`${state}|${version}`, () => adminRequest<MailList>('/admin/mail', { query: { state: state || undefined } }));
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
          <Messages>
            <DataTable caption="E-mail sent by the site, newest first">
              <thead>
                <tr>
                  <th scope="col">Queued</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                    <th scope="col">Last error</th>
                  <th scope="col">Sent or next try</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((message) => (
                  <tr key={message.id}>
                    <td data-label="Queued">{formatIst(message.created_at)}</td>
                    <td data-label="To" className="to">{message.to}</td>
                    <td data-label="Subject">{message.subject}</td>
                    <td data-label="Status">
                      <div>
                        <Pill $tone={TONES[message.state]}>{message.state}</Pill>
                        {message.retries > 0 && <Retries>{message.retries === 1 ? '1 retry' : `${message.retries} retries`}</Retries>}
                      </div>
                    </td>
                    <td data-label="Last error" style={{ overflowWrap: 'break-word' }}>{message.last_error ?? '—'}</td>
                    <td data-label="Sent or next try">{whenCell(message)}</td>
                    <td data-label="Actions">
                      <RetryButton message={message} onDone={reload} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </Messages>
        )}
      </div>
    </>
  );
}
