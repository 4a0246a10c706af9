import type { Availability, AvailabilityBody, DateOverride, DateOverrideBody } from '@site/shared/contracts/availability';
import { adminRequest } from '../../lib/api';

export const getAvailability = () => adminRequest<Availability>('/admin/availability');
export const putAvailability = (body: AvailabilityBody) => adminRequest<Availability>('/admin/availability', { method: 'PUT', body });
export const putOverride = (date: string, body: DateOverrideBody) =>
  adminRequest<DateOverride>(`/admin/availability/overrides/${encodeURIComponent(date)}`, { method: 'PUT', body });
export const deleteOverride = (date: string) => adminRequest<null>(`/admin/availability/overrides/${encodeURIComponent(date)}`, { method: 'DELETE' });
