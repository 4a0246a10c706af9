import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { messageOf } from '@site/shared/api-client';
import type { MailItem, MailList, MailState } from '@site/shared/contracts/mail';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Pill, SmallButton, Toolbar } from '../../components/ui';
import { type Column, ListHeader, PagedTable, RefreshButton, SelectFilter, usePagedList } from '../../components/paged-list';
import { adminRequest } from '../../lib/api';
import { formatIst } from '../../lib/ist';

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

/** Admin → Mail: every e-mail the site queued, a page at a time, whether it went out, why not, and a retry. */
export function MailPage() {
  usePageMeta({ title: 'Mail', description: 'E-mail sent by the site.' });
  const [state, setState] = useState<MailState | ''>('');
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const paged = usePagedList<MailItem, MailList>('/admin/mail', { state: state || undefined }, version);
  const counts = paged.list.data?.counts;

  const columns: Column<MailItem>[] = [
    { header: 'Queued', cell: (message) => formatIst(message.created_at) },
    { header: 'To', cell: (message) => message.to, long: true },
    { header: 'Subject', cell: (message) => message.subject },
    {
      header: 'Status',
      cell: (message) => (
        <div>
          <Pill $tone={TONES[message.state]}>{message.state}</Pill>
          {message.retries > 0 && <Retries>{message.retries === 1 ? '1 retry' : `${message.retries} retries`}</Retries>}
        </div>
      ),
    },
    { header: 'Last error', cell: (message) => message.last_error ?? '—', long: true },
    { header: 'Sent or next try', cell: whenCell },
    { header: 'Actions', cell: (message) => <RetryButton message={message} onDone={reload} /> },
  ];

  return (
    <>
      <ListHeader title="Mail" />
      {counts && (
        <p aria-live="polite">
          {counts.pending} pending · {counts.failed} failed · {counts.sent} sent
        </p>
      )}
      <Toolbar>
        <SelectFilter label="Status" value={state} onChange={setState} options={STATES} all />
        <RefreshButton onClick={reload} />
      </Toolbar>
      <div aria-busy={paged.list.state === 'loading'} style={{ marginTop: 16 }}>
        <PagedTable
          paged={paged}
          columns={columns}
          caption="E-mail sent by the site, newest first"
          texts={{ empty: state ? `No ${state} messages.` : 'No messages yet.', loadFailed: 'Failed to load mail.' }}
          pagerOnlyWhenPaged
        />
      </div>
    </>
  );
}
