import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminConsultationPackage,
  AdminConsultationPackageList,
  ConsultationPackageCreateBody,
  ConsultationPackageIdParams,
  ConsultationPackageList,
  ConsultationPackageUpdateBody,
  MeetingLinkSettings,
} from '@site/shared/contracts/consultations';
import { noStore } from '../../lib/no-store';
import { CONTENT_ERROR_RESPONSES } from '../../plugins/errors';
import type { PublicCacheTag } from '../public-cache/service';

/** What a catalogue write makes stale: the public list and the pages rendered from it. */
export const CONSULTATIONS_TAG: PublicCacheTag = 'consultations';

const tags = ['consultations'];
const admin = [{ bearer: [] }];

export const consultationRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    await app.publicCache.invalidate(CONSULTATIONS_TAG);
    return value;
  };

  app.get(
    '/bookings/packages',
    {
      schema: {
        tags,
        summary: 'The consultation packages and their prices (the catalogue is the price authority)',
        response: { 200: ConsultationPackageList },
      },
      ...app.publicCache.route({ tags: [CONSULTATIONS_TAG] }),
    },
    async () => app.consultations.listPublic(),
  );

  app.get(
    '/admin/consultations',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'Every consultation package, inactive ones too, in their order (admin)',
        response: { 200: AdminConsultationPackageList, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async () => app.consultations.listAll(),
  );

  app.post(
    '/admin/consultations',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'Add a consultation package (admin; audited)',
        body: ConsultationPackageCreateBody,
        response: { 201: AdminConsultationPackage, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const created = app.audit.audited(
        request,
        (tx) => app.consultations.create(tx, request.body),
        (pkg) => ({ action: 'create', entity: 'consultation', entityId: pkg.id, label: pkg.name }),
      );
      return reply.code(201).send(await changed(created));
    },
  );

  app.patch(
    '/admin/consultations/:id',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'Change a consultation package: the next order pays the new price (admin; audited)',
        params: ConsultationPackageIdParams,
        body: ConsultationPackageUpdateBody,
        response: { 200: AdminConsultationPackage, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request) =>
      changed(
        app.audit.audited(
          request,
          (tx) => app.consultations.update(tx, request.params.id, request.body),
          (pkg) => ({ action: 'update', entity: 'consultation', entityId: pkg.id, label: pkg.name }),
        ),
      ),
  );

  app.get(
    '/admin/consultations/meeting-link',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'The meeting link booking reminders name (admin)',
        response: { 200: MeetingLinkSettings, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async () => ({ meeting_link: (await app.consultations.meetingLink()) ?? null }),
  );

  app.put(
    '/admin/consultations/meeting-link',
    {
      onRequest: [noStore, app.requireAdmin],
      schema: {
        tags,
        security: admin,
        summary: 'Set or clear the meeting link booking reminders name (admin; audited)',
        body: MeetingLinkSettings,
        response: { 200: MeetingLinkSettings, ...CONTENT_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { meeting_link } = request.body;
      await app.audit.audited(
        request,
        (tx) => app.consultations.setMeetingLink(tx, meeting_link),
        () => ({ action: 'update', entity: 'consultation', entityId: 'meeting-link', label: meeting_link ? `Meeting link: ${meeting_link}` : 'Meeting link cleared' }),
      );
      return { meeting_link };
    },
  );
};
