import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Blog, BlogStatus } from '@site/shared/contracts/blogs';
import { ButtonLink } from '@site/shared/ui/primitives';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Actions, Pill, SmallButton, Toolbar } from '../../components/ui';
import { formatDate } from '../../lib/ist';
import { BLOG_STATUSES, archiveBlog, reactivateBlog } from './blogs-api';
import { type Column, ListHeader, PagedTable, RefreshButton, SelectFilter, usePagedList } from '../../components/paged-list';

export const BLOG_TEXTS = {
  empty: 'No blog posts found.',
  loadFailed: 'Failed to load blogs by status.',
  toggleFailed: 'Failed to toggle archive state.',
};

const isArchived = (blog: Blog) => blog.status === 'archived' || blog.deleted_at !== null;

export function BlogList() {
  usePageMeta({ title: 'Blogs', description: 'Blog posts by status.' });
  const [status, setStatus] = useState<BlogStatus>('published');
  const paged = usePagedList<Blog>('/admin/blogs', { status });
  const blogs = paged.list;
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(blog: Blog) {
    setBusy(blog.id);
    try {
      const archived = isArchived(blog);
      if (archived) await reactivateBlog(blog.id);
      else await archiveBlog(blog.id);
      toast.success(archived ? `Reactivated “${blog.title}”.` : `Archived “${blog.title}”.`);
    } catch {
      toast.error(BLOG_TEXTS.toggleFailed);
    } finally {
      setBusy(null);
      blogs.reload();
    }
  }

  const columns: Column<Blog>[] = [
    { header: 'Title', cell: (blog) => blog.title },
    { header: 'Slug', cell: (blog) => blog.slug },
    { header: 'Status', cell: (blog) => <Pill $tone={blog.status === 'published' ? 'ok' : 'muted'}>{blog.status}</Pill> },
    { header: 'Views', cell: (blog) => blog.views_count, numeric: true },
    { header: 'Created At', cell: (blog) => formatDate(blog.created_at) },
    {
      header: 'Actions',
      cell: (blog) => (
        <Actions>
          <ButtonLink as={Link} $variant="ghost" to={`/admin/blogs/edit/${blog.id}`} aria-label={`Edit ${blog.title}`}>
            Edit
          </ButtonLink>
          <SmallButton
            type="button"
            $variant="ghost"
            disabled={busy === blog.id}
            aria-label={`${isArchived(blog) ? 'Reactivate' : 'Archive'} ${blog.title}`}
            onClick={() => void toggle(blog)}
          >
            {isArchived(blog) ? 'Reactivate' : 'Archive'}
          </SmallButton>
        </Actions>
      ),
    },
  ];

  return (
    <>
      <ListHeader title="Blog Posts" create={{ to: '/admin/blogs/new', label: 'New Post' }} />
      <Toolbar>
        <SelectFilter label="Status" value={status} onChange={(value) => value && setStatus(value)} options={BLOG_STATUSES} />
        <RefreshButton onClick={blogs.reload} />
      </Toolbar>
      <PagedTable
        paged={paged}
        columns={columns}
        caption={`Blog posts: ${status}`}
        texts={BLOG_TEXTS}
        pagerOnlyWhenPaged
      />
    </>
  );
}
