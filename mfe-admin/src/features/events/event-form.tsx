import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import { BOOKING_ZONE_NAME, IST_OFFSET } from '@site/shared/contracts/booking-policy';
import { SlugSchema } from '@site/shared/contracts/common';
import type { Event, EventStatus } from '@site/shared/contracts/events';
import { messageOf } from '@site/shared/api-client';
import { isAdmin, useSession } from '@site/shared/session';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Button, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { FormCard, LoadError, Loading, PageHeader } from '../../components/ui';
import { useQuery } from '@site/shared/query';
import { fromIstInput, toIstInput } from '../../lib/ist';
import { EVENT_STATUSES, createEvent, findEvent, updateEvent } from '../../lib/events-api';

/** Under every time field: admins type times in the booking zone. */
const ZONE_HINT = `${BOOKING_ZONE_NAME} (UTC${IST_OFFSET}).`;

export const EVENT_FORM_TEXTS = {
  creating: 'Creating event…',
  created: 'Event created successfully!',
  createFailed: 'Error creating event.',
  saving: 'Saving event…',
  saved: 'Event updated successfully!',
  saveFailed: 'Error updating event.',
  notAdmin: 'You must be logged in as an admin to create an event.',
};

const required = (name: string) => z.string().trim().min(1, `${name} is required.`);
const istTime = (name: string) =>
  z.string().refine((value) => value === '' || fromIstInput(value) !== null, `${name} must be a date and time.`);

const EventFormSchema = z
  .object({
    title: required('Title').max(200),
    slug: required('Slug').pipe(SlugSchema),
    description: required('Description').max(20_000),
    location: required('Location').max(300),
    start_time: istTime('Start time').refine((value) => value !== '', 'Start time is required.'),
    end_time: istTime('End time').refine((value) => value !== '', 'End time is required.'),
    registration_deadline: istTime('Registration deadline'),
    status: z.enum(['draft', 'published', 'cancelled', 'completed']),
    payment_required: z.boolean(),
  })
  .refine((v) => !v.start_time || !v.end_time || v.end_time >= v.start_time, {
    path: ['end_time'],
    message: 'End time must not be before start time.',
  });
type EventFormValues = z.input<typeof EventFormSchema>;

function EventForm({ event }: { event: Event | null }) {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EventFormValues>({
    resolver: zodResolver(EventFormSchema),
    defaultValues: {
      title: event?.title ?? '',
      slug: event?.slug ?? '',
      description: event?.description ?? '',
      location: event?.location ?? '',
      start_time: toIstInput(event?.start_time),
      end_time: toIstInput(event?.end_time),
      registration_deadline: toIstInput(event?.registration_deadline),
      status: event?.status ?? 'draft',
      payment_required: event?.payment_required ?? false,
    },
  });
  const [status, setStatus] = useState<{ text: string; tone: 'muted' | 'success' | 'error' } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function submit(values: EventFormValues) {
    if (!token || !isAdmin(user)) return setStatus({ text: EVENT_FORM_TEXTS.notAdmin, tone: 'error' });
    const body = {
      title: values.title.trim(),
      slug: values.slug.trim(),
      description: values.description.trim(),
      location: values.location.trim(),
      start_time: fromIstInput(values.start_time) ?? '',
      end_time: fromIstInput(values.end_time),
      registration_deadline: fromIstInput(values.registration_deadline),
      payment_required: values.payment_required,
      status: values.status as EventStatus,
    };
    setStatus({ text: event ? EVENT_FORM_TEXTS.saving : EVENT_FORM_TEXTS.creating, tone: 'muted' });
    try {
      if (event) await updateEvent(event.id, body);
      else await createEvent(body);
      const text = event ? EVENT_FORM_TEXTS.saved : EVENT_FORM_TEXTS.created;
      setDone(true);
      setStatus({ text, tone: 'success' });
      toast.success(text);
      timer.current = window.setTimeout(() => navigate('/admin/events'), 1000);
    } catch (error) {
      const fallback = event ? EVENT_FORM_TEXTS.saveFailed : EVENT_FORM_TEXTS.createFailed;
      // The server's message when it explains (e.g. a taken slug), else the spec's text.
      setStatus({ text: messageOf(error, fallback), tone: 'error' });
    }
  }

  const fieldFor = (name: keyof EventFormValues, label: string, input: React.ReactNode, hint?: string) => (
    <Field>
      <label htmlFor={`event-${name}`}>{label}</label>
      {input}
      {hint && (
        <p id={`event-${name}-hint`} className="hint">
          {hint}
        </p>
      )}
      {errors[name] && <FieldError id={`event-${name}-error`}>{errors[name]?.message}</FieldError>}
    </Field>
  );
  const a11y = (name: keyof EventFormValues, hint = false) => ({
    id: `event-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `${hint ? `event-${name}-hint ` : ''}event-${name}-error`,
  });

  return (
    <FormCard noValidate aria-describedby="event-form-status" onSubmit={handleSubmit(submit)}>
      <fieldset disabled={isSubmitting || done}>
        {fieldFor('title', 'Title', <input {...a11y('title')} {...register('title')} />)}
        {fieldFor('slug', 'Slug', <input {...a11y('slug')} {...register('slug')} />)}
        {fieldFor('description', 'Description', <textarea rows={5} {...a11y('description')} {...register('description')} />)}
        {fieldFor('location', 'Location', <input {...a11y('location')} {...register('location')} />)}
        {fieldFor('start_time', 'Start time (IST)', <input type="datetime-local" {...a11y('start_time', true)} {...register('start_time')} />, ZONE_HINT)}
        {fieldFor('end_time', 'End time (IST)', <input type="datetime-local" {...a11y('end_time', true)} {...register('end_time')} />, ZONE_HINT)}
        {fieldFor(
          'registration_deadline',
          'Registration deadline (IST, optional)',
          <input type="datetime-local" {...a11y('registration_deadline', true)} {...register('registration_deadline')} />,
          ZONE_HINT,
        )}
        {fieldFor(
          'status',
          'Status',
          <select {...a11y('status')} {...register('status')}>
            {EVENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>,
        )}
        <div className="check">
          <input id="event-payment_required" type="checkbox" {...register('payment_required')} />
          <label htmlFor="event-payment_required">Payment required</label>
        </div>
        <div className="buttons">
          <Button type="submit">{event ? 'Save Event' : 'Create Event'}</Button>
        </div>
      </fieldset>
      <div id="event-form-status" role="status" aria-live="polite">
        {status && <StatusText $tone={status.tone}>{status.text}</StatusText>}
      </div>
    </FormCard>
  );
}

export function NewEventPage() {
  usePageMeta({ title: 'Create New Event', description: 'Create an event.' });
  return (
    <>
      <PageHeader>
        <h1>Create New Event</h1>
      </PageHeader>
      <EventForm event={null} />
    </>
  );
}

export function EditEventPage() {
  const { id = '' } = useParams();
  usePageMeta({ title: 'Edit Event', description: 'Edit an event.' });
  const event = useQuery(id, () => findEvent(id));
  return (
    <>
      <PageHeader>
        <h1>Edit Event</h1>
      </PageHeader>
      {event.state === 'loading' && <Loading />}
      {event.state === 'error' && <LoadError text="Failed to fetch events." onRetry={event.reload} />}
      {event.state === 'ready' && !event.data && <LoadError text="Event not found." />}
      {event.state === 'ready' && event.data && <EventForm key={event.data.id} event={event.data} />}
    </>
  );
}
