import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import { SlugSchema } from '@site/shared/contracts/common';
import { packageRuleIssue, type Package } from '@site/shared/contracts/packages';
import { messageOf } from '@site/shared/api-client';
import { useSession } from '@site/shared/session';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Button, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { FormCard, LoadError, Loading, PageHeader } from '../../components/ui';
import { useQuery } from '@site/shared/query';
import { formatIst, fromIstInput, toIstInput } from '../../lib/ist';
import { listEvents } from '../../lib/events-api';
import { createPackage, findPackage, updatePackage } from './packages-api';

export const PACKAGE_FORM_TEXTS = {
  creating: 'Creating package...',
  created: 'Package created successfully!',
  createFailed: 'Error creating package. Please try again.',
  saving: 'Saving package...',
  saved: 'Package updated successfully!',
  saveFailed: 'Error updating package. Please try again.',
  notLoggedIn: 'You must be logged in to create a package.',
};

/**
 * Number inputs are read as text, so "required" can be told from "0". A disabled or hidden input
 * may be read as undefined: that is the empty text too.
 */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? '');

const PackageFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(200),
    slug: z.string().trim().min(1, 'Slug is required.').pipe(SlugSchema),
    description: z.string().trim().max(5000),
    price: z
      .string()
      .trim()
      .min(1, 'Price is required.')
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'Price must be 0 or more, with at most 2 decimals.'),
    duration_days: optionalText,
    package_type: z.enum(['subscription', 'event']),
    event_id: optionalText,
    capacity: optionalText,
    package_registration_deadline: optionalText,
    is_active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.package_type === 'subscription' && v.duration_days !== '' && !/^\d+$/.test(v.duration_days)) {
      ctx.addIssue({ code: 'custom', path: ['duration_days'], message: 'Duration must be a whole number of days, 0 or more.' });
      return;
    }
    if (v.package_type === 'event' && v.capacity !== '' && !/^\d+$/.test(v.capacity)) {
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'An event package needs a capacity of at least 1.' });
      return;
    }
    if (v.package_registration_deadline && !fromIstInput(v.package_registration_deadline)) {
      ctx.addIssue({ code: 'custom', path: ['package_registration_deadline'], message: 'Use a date and time.' });
    }
    const issue = packageRuleIssue({
      package_type: v.package_type,
      duration_days: v.duration_days === '' ? null : Number(v.duration_days),
      event_id: v.event_id || null,
      capacity: v.capacity === '' ? null : Number(v.capacity),
    });
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
type PackageFormValues = z.input<typeof PackageFormSchema>;
type PackageFormOutput = z.output<typeof PackageFormSchema>;

function PackageForm({ pkg }: { pkg: Package | null }) {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const events = useQuery('published', () => listEvents('published'));
  const {
    register,
    handleSubmit,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PackageFormValues, unknown, PackageFormOutput>({
    resolver: zodResolver(PackageFormSchema),
    defaultValues: {
      name: pkg?.name ?? '',
      slug: pkg?.slug ?? '',
      description: pkg?.description ?? '',
      price: pkg ? pkg.price.toFixed(2) : '',
      duration_days: pkg?.duration_days == null ? '' : String(pkg.duration_days),
      package_type: pkg?.package_type ?? 'subscription',
      event_id: pkg?.event_id ?? '',
      capacity: pkg?.capacity == null ? '' : String(pkg.capacity),
      package_registration_deadline: toIstInput(pkg?.package_registration_deadline),
      is_active: pkg?.is_active ?? true,
    },
  });
  const packageType = watch('package_type');
  const isEvent = packageType === 'event';
  // A rule of the other type (a subscription's duration, an event's event and capacity) no longer applies once the type changes.
  useEffect(() => clearErrors(['duration_days', 'event_id', 'capacity', 'package_registration_deadline']), [packageType, clearErrors]);
  const [status, setStatus] = useState<{ text: string; tone: 'muted' | 'success' | 'error' } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function submit(values: PackageFormOutput) {
    if (!token) return setStatus({ text: PACKAGE_FORM_TEXTS.notLoggedIn, tone: 'error' });
    const event = values.package_type === 'event';
    const body = {
      name: values.name.trim(),
      slug: values.slug.trim(),
      description: values.description.trim() || null,
      price: Number(values.price),
      package_type: values.package_type,
      is_active: values.is_active,
      // Event packages have no duration; the other kinds send null for every event field (spec §5).
      duration_days: event ? null : Number(values.duration_days),
      event_id: event ? values.event_id : null,
      capacity: event ? Number(values.capacity) : null,
      package_registration_deadline: event ? fromIstInput(values.package_registration_deadline) : null,
    };
    setStatus({ text: pkg ? PACKAGE_FORM_TEXTS.saving : PACKAGE_FORM_TEXTS.creating, tone: 'muted' });
    try {
      if (pkg) await updatePackage(pkg.id, body);
      else await createPackage(body);
      const text = pkg ? PACKAGE_FORM_TEXTS.saved : PACKAGE_FORM_TEXTS.created;
      setDone(true);
      setStatus({ text, tone: 'success' });
      toast.success(text);
      timer.current = window.setTimeout(() => navigate('/admin/packages'), 1000);
    } catch (error) {
      const fallback = pkg ? PACKAGE_FORM_TEXTS.saveFailed : PACKAGE_FORM_TEXTS.createFailed;
      setStatus({ text: messageOf(error, fallback), tone: 'error' });
    }
  }

  const a11y = (name: keyof PackageFormValues, hint = false) => ({
    id: `package-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `${hint ? `package-${name}-hint ` : ''}package-${name}-error`,
  });
  const error = (name: keyof PackageFormValues) =>
    errors[name] && <FieldError id={`package-${name}-error`}>{errors[name]?.message}</FieldError>;

  // The linked event keeps showing on edit even when it is no longer published.
  const eventOptions = events.data ?? [];

  return (
    <FormCard noValidate aria-describedby="package-form-status" onSubmit={handleSubmit(submit)}>
      <fieldset disabled={isSubmitting || done}>
        <Field>
          <label htmlFor="package-name">Name</label>
          <input {...a11y('name')} {...register('name')} />
          {error('name')}
        </Field>
        <Field>
          <label htmlFor="package-slug">Slug</label>
          <input {...a11y('slug')} {...register('slug')} />
          {error('slug')}
        </Field>
        <Field>
          <label htmlFor="package-description">Description (optional)</label>
          <textarea rows={3} {...a11y('description')} {...register('description')} />
          {error('description')}
        </Field>
        <Field>
          <label htmlFor="package-price">Price (INR)</label>
          <input type="number" min={0} step={0.01} inputMode="decimal" {...a11y('price')} {...register('price')} />
          {error('price')}
        </Field>
        <Field>
          <label htmlFor="package-package_type">Type</label>
          <select {...a11y('package_type')} {...register('package_type')}>
            <option value="subscription">subscription</option>
            <option value="event">event</option>
          </select>
          {error('package_type')}
        </Field>
        <Field>
          <label htmlFor="package-duration_days">Duration (days)</label>
          <input type="number" min={0} step={1} disabled={isEvent} {...a11y('duration_days', true)} {...register('duration_days')} />
          <p id="package-duration_days-hint" className="hint">
            {isEvent ? 'Not used for event packages.' : 'Required for a subscription package.'}
          </p>
          {error('duration_days')}
        </Field>
        {isEvent && (
          <>
            <Field>
              <label htmlFor="package-event_id">Linked event (published events)</label>
              <select {...a11y('event_id', true)} {...register('event_id')}>
                <option value="">Choose an event</option>
                {pkg?.event_id && !eventOptions.some((e) => e.id === pkg.event_id) && (
                  <option value={pkg.event_id}>The current event (not published)</option>
                )}
                {eventOptions.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title} ({formatIst(e.start_time)})
                  </option>
                ))}
              </select>
              <p id="package-event_id-hint" className="hint">
                {events.state === 'loading' && 'Loading published events…'}
                {events.state === 'error' && 'Failed to fetch events.'}
                {events.state === 'ready' && eventOptions.length === 0 && 'No published events: publish one first.'}
              </p>
              {error('event_id')}
            </Field>
            <Field>
              <label htmlFor="package-capacity">Capacity</label>
              <input type="number" min={1} step={1} {...a11y('capacity')} {...register('capacity')} />
              {error('capacity')}
            </Field>
            <Field>
              <label htmlFor="package-package_registration_deadline">Registration deadline (IST, optional)</label>
              <input type="datetime-local" {...a11y('package_registration_deadline')} {...register('package_registration_deadline')} />
              {error('package_registration_deadline')}
            </Field>
          </>
        )}
        <div className="check">
          <input id="package-is_active" type="checkbox" {...register('is_active')} />
          <label htmlFor="package-is_active">Is Active</label>
        </div>
        <div className="buttons">
          <Button type="submit">{pkg ? 'Save Package' : 'Create Package'}</Button>
        </div>
      </fieldset>
      <div id="package-form-status" role="status" aria-live="polite">
        {status && <StatusText $tone={status.tone}>{status.text}</StatusText>}
      </div>
    </FormCard>
  );
}

export function NewPackagePage() {
  usePageMeta({ title: 'Create New Package', description: 'Create a package.' });
  return (
    <>
      <PageHeader>
        <h1>Create New Package</h1>
      </PageHeader>
      <PackageForm pkg={null} />
    </>
  );
}

export function EditPackagePage() {
  const { id = '' } = useParams();
  usePageMeta({ title: 'Edit Package', description: 'Edit a package.' });
  const pkg = useQuery(id, () => findPackage(id));
  return (
    <>
      <PageHeader>
        <h1>Edit Package</h1>
      </PageHeader>
      {pkg.state === 'loading' && <Loading />}
      {pkg.state === 'error' && <LoadError text="Failed to load package." onRetry={pkg.reload} />}
      {pkg.state === 'ready' && !pkg.data && <LoadError text="Package not found." />}
      {pkg.state === 'ready' && pkg.data && <PackageForm key={pkg.data.id} pkg={pkg.data} />}
    </>
  );
}
