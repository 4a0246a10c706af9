import type {
  AdminConsultationPackage,
  ConsultationPackageCreateBody,
  ConsultationPackageUpdateBody,
} from '@site/shared/contracts/consultations';
import { adminRequest } from '../../lib/api';

/** The whole catalogue (a handful of rows, never paged), inactive packages too. */
export const listConsultations = () => adminRequest<AdminConsultationPackage[]>('/admin/consultations');
export const findConsultation = async (id: string) => (await listConsultations()).find((pkg) => pkg.id === id) ?? null;
export const createConsultation = (body: ConsultationPackageCreateBody) =>
  adminRequest<AdminConsultationPackage>('/admin/consultations', { method: 'POST', body });
export const updateConsultation = (id: string, body: ConsultationPackageUpdateBody) =>
  adminRequest<AdminConsultationPackage>(`/admin/consultations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
