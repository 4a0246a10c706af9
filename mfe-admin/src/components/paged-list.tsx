import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { toast } from '@site/shared/toast';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@site/shared/ui/primitives';
import { DataTable, Empty, LoadError, Loading, PageHeader } from './ui';
import { adminRequest, downloadCsv, type Page } from '../lib/api';
import { useQuery } from '@site/shared/query';

export const PAGE_SIZE = 20;

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  /** Its values are long unbroken words (addresses, links): they break anywhere, not widen the table. */
  long?: boolean;
}

const PagerNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-top: 12px;
`;

type Filters = Record<string, string | undefined>;

const classOf = (column: Column<never>) => [column.numeric ? 'num' : '', column.long ? 'long' : ''].filter(Boolean).join(' ') || undefined;

/** What a list says when it is empty and when it failed to load. */
export interface ListTexts {
  empty: string;
  loadFailed: string;
}

/** Every listed row has an id (its React key). */
type Row = { id: string };

interface Props<T extends Row> {
  /** Path under /api of the paged list; its CSV export is `${path}/export.csv`. */
  path: string;
  filters: Filters;
  columns: Column<T>[];
  caption: string;
  texts: ListTexts;
  exportName: string;
  /** Bumped by the page to ask for the list again (e.g. after a refund). */
  version?: number;
}

/**
 * One page of an admin list under `path`, asked again when the filters, the page or `version` change;
 * `P`: the page's shape when it carries more than its rows (Admin → Mail's counts).
 */
export function usePagedList<T, P extends Page<T> = Page<T>>(path: string, filters: Filters, version = 0) {
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filters);
  const [seenFilters, setSeenFilters] = useState(filterKey);
  // New filters start again from the first page.
  if (seenFilters !== filterKey) {
    setSeenFilters(filterKey);
    setPage(1);
  }
  const list = useQuery(`${path}|${filterKey}|${page}|${version}`, () => adminRequest<P>(path, { query: { ...filters, page, page_size: PAGE_SIZE } }));
  return { list, page, setPage };
}

/** Previous/Next under a paged table; hidden when everything fits on one page. */
export function Pager({ data, page, setPage }: { data: Page<unknown>; page: number; setPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <PagerNav aria-label="Pages">
      <Button type="button" $variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {data.page} of {pages} ({data.total} in all)
      </span>
      <Button type="button" $variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </PagerNav>
  );
}

type PagedListState<T> = ReturnType<typeof usePagedList<T>>;

interface TableProps<T extends Row> {
  /** What usePagedList answered. */
  paged: PagedListState<T>;
  columns: Column<T>[];
  caption: string;
  texts: ListTexts;
  /** Hide Previous/Next while everything fits on one page. */
  pagerOnlyWhenPaged?: boolean;
}

/** One page of rows as a table (or loading, failure, empty), with Previous/Next under it. */
export function PagedTable<T extends Row>({ paged: { list, page, setPage }, columns, caption, texts, pagerOnlyWhenPaged = false }: TableProps<T>) {
  const data = list.data;
  return (
    <>
      {list.state === 'loading' && <Loading />}
      {list.state === 'error' && <LoadError text={texts.loadFailed} error={list.error} onRetry={list.reload} />}
      {list.state === 'ready' && list.data.items.length === 0 && <Empty text={texts.empty} />}
      {data && data.items.length > 0 && list.state !== 'error' && (
        <>
          <DataTable caption={caption} cards>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={classOf(column)}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td key={column.header} className={classOf(column)} data-label={column.header}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
          {(!pagerOnlyWhenPaged || data.total > data.page_size) && <Pager data={data} page={page} setPage={setPage} />}
        </>
      )}
    </>
  );
}

/** A server-paged table with Previous/Next and a CSV export of every row the filters match. */
export function PagedList<T extends Row>({ path, filters, columns, caption, texts, exportName, version = 0 }: Props<T>) {
  const paged = usePagedList<T>(path, filters, version);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadCsv(`${path}/export.csv`, filters, exportName);
    } catch {
      toast.error('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => void exportCsv()} disabled={exporting}>
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
      <div aria-busy={paged.list.state === 'loading'} style={{ marginTop: 16 }}>
        <PagedTable paged={paged} columns={columns} caption={caption} texts={texts} />
      </div>
    </>
  );
}

interface SelectFilterProps<V extends string> {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly V[];
  /** Offer "all" (the empty value) first. */
  all?: boolean;
  /** An option's words, when its value is a code. */
  labelOf?: (option: V) => string;
}

/** A labelled select in a list's toolbar. */
export function SelectFilter<V extends string>({ label, value, onChange, options, all = false, labelOf = (option) => option }: SelectFilterProps<V>) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as V | '')}>
        {all && <option value="">all</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list page's heading, with a link to create a new item when there is one. */
export function ListHeader({ title, create }: { title: string; create?: { to: string; label: string } }) {
  return (
    <PageHeader>
      <h1>{title}</h1>
      {create && (
        <ButtonLink as={Link} to={create.to}>
          {create.label}
        </ButtonLink>
      )}
    </PageHeader>
  );
}

export function RefreshButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" $variant="ghost" onClick={onClick}>
      Refresh
    </Button>
  );
}
