import type { Package, PackageCreateBody, PackageUpdateBody } from '@site/shared/contracts/packages';
import { adminRequest } from '../../lib/api';

export type PackageTab = 'active' | 'inactive' | 'subscription' | 'event';

/** The admin list's filters per tab (GET /api/admin/packages). */
export const TAB_FILTERS: Record<PackageTab, Record<string, string>> = {
  active: { is_active: 'true' },
  inactive: { is_active: 'false' },
  subscription: { package_type: 'subscription' },
  event: { package_type: 'event' },
};

export const findPackage = async (id: string) =>
  (await adminRequest<Package[]>('/packages/search', { query: { field: 'id', value: id } }))[0] ?? null;
export const createPackage = (body: PackageCreateBody) => adminRequest<Package>('/packages', { method: 'POST', body });
export const updatePackage = (id: string, body: PackageUpdateBody) =>
  adminRequest<Package>(`/packages/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const setPackageActive = (id: string, active: boolean) =>
  adminRequest<Package>(`/packages/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, { method: 'PUT' });
