import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Package } from '@site/shared/contracts/packages';
import { formatRupees } from '@site/shared/money';
import { ButtonLink } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Actions, SmallButton, Toolbar } from '../../components/ui';
import { TAB_FILTERS, setPackageActive, type PackageTab } from './packages-api';
import { type Column, ListHeader, PagedTable, RefreshButton, usePagedList } from '../../components/paged-list';

export const PACKAGE_TEXTS = {
  empty: 'No packages found.',
  loadFailed: 'Failed to fetch packages.',
  toggleFailed: 'Failed to toggle package status.',
};

const TABS: { id: PackageTab; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'event', label: 'Event' },
];

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  button {
    font: inherit;
    min-height: 44px;
    padding: 8px 16px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    background: ${theme.color.surface};
    color: ${theme.color.text};
    cursor: pointer;
  }
  button[aria-selected='true'] { background: ${theme.color.primary}; color: ${theme.color.onPrimary}; font-weight: 700; }
`;

export function PackageList() {
  usePageMeta({ title: 'Packages', description: 'Packages by state and type.' });
  const [tab, setTab] = useState<PackageTab>('active');
  const paged = usePagedList<Package>('/admin/packages', TAB_FILTERS[tab]);
  const packages = paged.list;
  const [busy, setBusy] = useState<string | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys move between tabs, as in every tab list.
  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

  async function toggle(item: Package) {
    setBusy(item.id);
    try {
      await setPackageActive(item.id, !item.is_active);
      toast.success(item.is_active ? `Deactivated “${item.name}”.` : `Reactivated “${item.name}”.`);
    } catch {
      toast.error(PACKAGE_TEXTS.toggleFailed);
    } finally {
      setBusy(null);
      packages.reload();
    }
  }

  const columns: Column<Package>[] = [
    { header: 'Name', cell: (item) => item.name },
    { header: 'Slug', cell: (item) => item.slug },
    { header: 'Type', cell: (item) => item.package_type },
    { header: 'Price', cell: (item) => formatRupees(item.price, { paise: true }), numeric: true },
    { header: 'Active?', cell: (item) => (item.is_active ? 'Yes' : 'No') },
    {
      header: 'Actions',
      cell: (item) => (
        <Actions>
          <ButtonLink as={Link} $variant="ghost" to={`/admin/packages/edit/${item.id}`} aria-label={`Edit ${item.name}`}>
            Edit
          </ButtonLink>
          <SmallButton
            type="button"
            $variant="ghost"
            disabled={busy === item.id}
            aria-label={`${item.is_active ? 'Deactivate' : 'Reactivate'} ${item.name}`}
            onClick={() => void toggle(item)}
          >
            {item.is_active ? 'Deactivate' : 'Reactivate'}
          </SmallButton>
        </Actions>
      ),
    },
  ];

  return (
    <>
      <ListHeader title="Packages" create={{ to: '/admin/packages/new', label: 'New Package' }} />
      <Toolbar>
        <TabList role="tablist" aria-label="Packages">
          {TABS.map((item, index) => (
            <button
              key={item.id}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`package-tab-${item.id}`}
              aria-selected={tab === item.id}
              aria-controls="package-panel"
              tabIndex={tab === item.id ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {item.label}
            </button>
          ))}
        </TabList>
        <RefreshButton onClick={packages.reload} />
      </Toolbar>
      {/* Busy while another tab's rows are read: until then the previous tab's rows are shown. */}
      <div id="package-panel" role="tabpanel" aria-labelledby={`package-tab-${tab}`} aria-busy={paged.list.state === 'loading'}>
        <PagedTable
          paged={paged}
          columns={columns}
          caption={`Packages: ${tab}`}
          texts={PACKAGE_TEXTS}
          pagerOnlyWhenPaged
        />
      </div>
    </>
  );
}
