import { usePageMeta } from '@site/shared/page-meta';
import { type Column, ListHeader, PagedList } from '../../components/paged-list';
import { formatIst } from '../../lib/ist';
import type { ContactMessageItem } from '../../lib/admin-types';

const columns: Column<ContactMessageItem>[] = [
  { header: 'Received', cell: (m) => formatIst(m.created_at) },
  { header: 'Name', cell: (m) => m.name },
  { header: 'Email', cell: (m) => <a href={`mailto:${m.email}`}>{m.email}</a>, long: true },
  { header: 'Subject', cell: (m) => m.subject },
  { header: 'Message', cell: (m) => <span style={{ whiteSpace: 'pre-wrap' }}>{m.message}</span>, long: true },
];

export function MessagesPage() {
  usePageMeta({ title: 'Messages', description: 'Contact form messages.' });
  return (
    <>
      <ListHeader title="Messages" />
      <PagedList
        path="/admin/messages"
        filters={{}}
        columns={columns}
        caption="Contact messages, newest first"
        texts={{ empty: 'No messages yet.', loadFailed: 'Failed to load messages.' }}
        exportName="messages.csv"
      />
    </>
  );
}
