import { usePageMeta } from '@site/shared/page-meta';
import { PageHeader } from '../../components/ui';
import { PagedList, type Column } from '../../components/paged-list';
import { formatIst } from '../../lib/ist';
import type { ContactMessageItem } from '../../lib/admin-types';

const columns: Column<ContactMessageItem>[] = [
  { header: 'Received', cell: (m) => formatIst(m.created_at) },
  { header: 'Name', cell: (m) => m.name },
  { header: 'Email', cell: (m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
  { header: 'Subject', cell: (m) => m.subject },
  { header: 'Message', cell: (m) => <span style={{ whiteSpace: 'pre-wrap' }}>{m.message}</span> },
];

export function MessagesPage() {
  usePageMeta({ title: 'Messages', description: 'Contact form messages.' });
  return (
    <>
      <PageHeader>
        <h1>Messages</h1>
      </PageHeader>
      <PagedList
        path="/admin/messages"
        filters={{}}
        columns={columns}
        rowKey={(m) => m.id}
        caption="Contact messages, newest first"
        empty="No messages yet."
        loadFailed="Failed to load messages."
        exportName="messages.csv"
      />
    </>
  );
}
