import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Blog, BlogStatus } from '@site/shared/contracts/blogs';
import { ButtonLink, Button } from '@site/shared/ui/primitives';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Actions, DataTable, Empty, LoadError, Loading, PageHeader, Pill, SmallButton, Toolbar } from '../../components/ui';
import { formatDate } from '../../lib/ist';
import { BLOG_STATUSES, archiveBlog, reactivateBlog } from './blogs-api';
import { Pager, usePagedList } from '../../components/paged-list';

export const BLOG_TEXTS = {
  empty: 'No blog posts found.',
  loadFailed: 'Failed to load blogs by status.',
  toggleFailed: 'Failed to toggle archive state.',
};

export function BlogList() {
  usePageMeta({ title: 'Blogs', description: 'Blog posts by status.' });
  const [status, setStatus] = useState<BlogStatus>('published');
  const { list: blogs, page, setPage } = usePagedList<Blog>('/admin/blogs', { status });
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(blog: Blog) {
    setBusy(blog.id);
    try {
      const archived = blog.status === 'archived' || blog.deleted_at !== null;
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

  return (
    <>
      <PageHeader>
        <h1>Blog Posts</h1>
        <ButtonLink as={Link} to="/admin/blogs/new">
          New Post
        </ButtonLink>
      </PageHeader>
      <Toolbar>
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value as BlogStatus)}>
            {BLOG_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" $variant="ghost" onClick={blogs.reload}>
          Refresh
        </Button>
      </Toolbar>
      {blogs.state === 'loading' && <Loading />}
      {blogs.state === 'error' && <LoadError text={BLOG_TEXTS.loadFailed} onRetry={blogs.reload} />}
      {blogs.state === 'ready' && blogs.data.items.length === 0 && <Empty text={BLOG_TEXTS.empty} />}
      {blogs.state === 'ready' && blogs.data.items.length > 0 && (
        <DataTable caption={`Blog posts: ${status}`}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Slug</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Views
              </th>
              <th scope="col">Created At</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {blogs.data.items.map((blog) => {
              const archived = blog.status === 'archived' || blog.deleted_at !== null;
              return (
                <tr key={blog.id}>
                  <td>{blog.title}</td>
                  <td>{blog.slug}</td>
                  <td>
                    <Pill $tone={blog.status === 'published' ? 'ok' : 'muted'}>{blog.status}</Pill>
                  </td>
                  <td className="num">{blog.views_count}</td>
                  <td>{formatDate(blog.created_at)}</td>
                  <td>
                    <Actions>
                      <ButtonLink as={Link} $variant="ghost" to={`/admin/blogs/edit/${blog.id}`} aria-label={`Edit ${blog.title}`}>
                        Edit
                      </ButtonLink>
                      <SmallButton
                        type="button"
                        $variant="ghost"
                        disabled={busy === blog.id}
                        aria-label={`${archived ? 'Reactivate' : 'Archive'} ${blog.title}`}
                        onClick={() => void toggle(blog)}
                      >
                        {archived ? 'Reactivate' : 'Archive'}
                      </SmallButton>
                    </Actions>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      {blogs.state === 'ready' && blogs.data.total > blogs.data.page_size && <Pager data={blogs.data} page={page} setPage={setPage} />}
    </>
  );
}
