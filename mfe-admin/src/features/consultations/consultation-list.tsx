import { Link } from 'react-router-dom';
import type { AdminConsultationPackage } from '@site/shared/contracts/consultations';
import { formatRupees } from '@site/shared/money';
import { ButtonLink } from '@site/shared/ui/primitives';
import { usePageMeta } from '@site/shared/page-meta';
import { Actions, DataTable, Empty, LoadError, Loading, Pill, Toolbar } from '../../components/ui';
import { ListHeader, RefreshButton } from '../../components/paged-list';
import { useQuery } from '@site/shared/query';
import { listConsultations } from './consultations-api';

export const CONSULTATION_TEXTS = {
  empty: 'No consultation packages yet.',
  loadFailed: 'Failed to fetch consultation packages.',
};

const priceOf = (pkg: AdminConsultationPackage) => (pkg.price === null ? 'Custom' : formatRupees(pkg.price));
const durationOf = (pkg: AdminConsultationPackage) => (pkg.duration ? `${pkg.duration} min` : '—');

/** The consultation catalogue of the pricing section: what the home page shows and orders charge. */
export function ConsultationList() {
  usePageMeta({ title: 'Consultations', description: 'The consultation packages and their prices.' });
  const list = useQuery('all', listConsultations);
  const rows = list.data ?? [];

  return (
    <>
      <ListHeader title="Consultations" create={{ to: '/admin/consultations/new', label: 'New Consultation' }} />
      <Toolbar>
        <RefreshButton onClick={list.reload} />
      </Toolbar>
      {list.state === 'loading' && <Loading />}
      {list.state === 'error' && <LoadError text={CONSULTATION_TEXTS.loadFailed} error={list.error} onRetry={list.reload} />}
      {list.state === 'ready' && rows.length === 0 && <Empty text={CONSULTATION_TEXTS.empty} />}
      {list.state !== 'error' && rows.length > 0 && (
        <DataTable caption="Consultation packages" cards={640}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="num">
                Price (INR)
              </th>
              <th scope="col">Duration</th>
              <th scope="col">Shown?</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((pkg) => (
              <tr key={pkg.id}>
                <td data-label="Name">
                  {pkg.name}
                  {pkg.badge && <> <Pill>{pkg.badge}</Pill></>}
                </td>
                <td className="num" data-label="Price (INR)">
                  {priceOf(pkg)}
                </td>
                <td data-label="Duration">{durationOf(pkg)}</td>
                <td data-label="Shown?">
                  <Pill $tone={pkg.is_active ? 'ok' : 'muted'}>{pkg.is_active ? 'Yes' : 'No'}</Pill>
                </td>
                <td data-label="Actions">
                  <Actions>
                    <ButtonLink as={Link} $variant="ghost" to={`/admin/consultations/edit/${pkg.id}`} aria-label={`Edit ${pkg.name}`}>
                      Edit
                    </ButtonLink>
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
