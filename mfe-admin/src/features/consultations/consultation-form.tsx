import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import type { AdminConsultationPackage } from '@site/shared/contracts/consultations';
import { messageOf } from '@site/shared/api-client';
import { usePageMeta } from '@site/shared/page-meta';
import { toast } from '@site/shared/toast';
import { Button, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { FormCard, LoadError, Loading, PageHeader } from '../../components/ui';
import { useQuery } from '@site/shared/query';
import { createConsultation, findConsultation, updateConsultation } from './consultations-api';

export const CONSULTATION_FORM_TEXTS = {
  creating: 'Creating consultation package...',
  created: 'Consultation package created successfully!',
  createFailed: 'Error creating consultation package. Please try again.',
  saving: 'Saving consultation package...',
  saved: 'Consultation package updated successfully!',
  saveFailed: 'Error updating consultation package. Please try again.',
};

const wholeNumber = (value: string) => /^\d+$/.test(value);

/** Numbers are read as text, so an empty price (the custom package) can be told from a typo. */
const ConsultationFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(200),
    description: z.string().trim().max(2000),
    price: z
      .string()
      .trim()
      .refine((v) => v === '' || (wholeNumber(v) && Number(v) >= 1 && Number(v) <= 1_000_000), 'Price must be whole rupees, at least 1.'),
    duration: z
      .string()
      .trim()
      .refine((v) => wholeNumber(v) && Number(v) <= 600, 'Duration must be whole minutes, 0 to 600.'),
    benefits: z.string().max(3000),
    badge: z.string().trim().max(40),
    position: z
      .string()
      .trim()
      .refine((v) => wholeNumber(v) && Number(v) <= 1000, 'Position must be a whole number, 0 to 1000.'),
    is_active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.price !== '' && wholeNumber(v.duration) && Number(v.duration) === 0) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'A package with a price needs a duration.' });
    }
  });
type FormValues = z.input<typeof ConsultationFormSchema>;
type FormOutput = z.output<typeof ConsultationFormSchema>;

function ConsultationForm({ pkg }: { pkg: AdminConsultationPackage | null }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(ConsultationFormSchema),
    defaultValues: {
      name: pkg?.name ?? '',
      description: pkg?.description ?? '',
      price: pkg?.price == null ? '' : String(pkg.price),
      duration: String(pkg?.duration ?? 45),
      benefits: (pkg?.benefits ?? []).join('\n'),
      badge: pkg?.badge ?? '',
      position: String(pkg?.position ?? 0),
      is_active: pkg?.is_active ?? true,
    },
  });
  const [status, setStatus] = useState<{ text: string; tone: 'muted' | 'success' | 'error' } | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function submit(values: FormOutput) {
    const body = {
      name: values.name,
      description: values.description,
      price: values.price === '' ? null : Number(values.price),
      duration: Number(values.duration),
      benefits: values.benefits
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      badge: values.badge || null,
      position: Number(values.position),
      is_active: values.is_active,
    };
    setStatus({ text: pkg ? CONSULTATION_FORM_TEXTS.saving : CONSULTATION_FORM_TEXTS.creating, tone: 'muted' });
    try {
      if (pkg) await updateConsultation(pkg.id, body);
      else await createConsultation(body);
      const text = pkg ? CONSULTATION_FORM_TEXTS.saved : CONSULTATION_FORM_TEXTS.created;
      setDone(true);
      setStatus({ text, tone: 'success' });
      toast.success(text);
      timer.current = window.setTimeout(() => navigate('/admin/consultations'), 1000);
    } catch (error) {
      const fallback = pkg ? CONSULTATION_FORM_TEXTS.saveFailed : CONSULTATION_FORM_TEXTS.createFailed;
      setStatus({ text: messageOf(error, fallback), tone: 'error' });
    }
  }

  const a11y = (name: keyof FormValues, hint = false) => ({
    id: `consultation-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `${hint ? `consultation-${name}-hint ` : ''}consultation-${name}-error`,
  });
  const error = (name: keyof FormValues) =>
    errors[name] && <FieldError id={`consultation-${name}-error`}>{errors[name]?.message}</FieldError>;

  return (
    <FormCard noValidate aria-describedby="consultation-form-status" onSubmit={handleSubmit(submit)}>
      <fieldset disabled={isSubmitting || done}>
        <Field>
          <label htmlFor="consultation-name">Name</label>
          <input {...a11y('name')} {...register('name')} />
          {error('name')}
        </Field>
        <Field>
          <label htmlFor="consultation-description">Description</label>
          <textarea rows={2} {...a11y('description')} {...register('description')} />
          {error('description')}
        </Field>
        <Field>
          <label htmlFor="consultation-price">Price (INR)</label>
          <input inputMode="numeric" {...a11y('price', true)} {...register('price')} />
          <p id="consultation-price-hint" className="hint">
            Whole rupees. Leave empty for a custom package, which leads to the contact page instead of a booking.
          </p>
          {error('price')}
        </Field>
        <Field>
          <label htmlFor="consultation-duration">Duration (minutes)</label>
          <input type="number" min={0} max={600} step={1} {...a11y('duration')} {...register('duration')} />
          {error('duration')}
        </Field>
        <Field>
          <label htmlFor="consultation-benefits">Benefits (one per line)</label>
          <textarea rows={4} {...a11y('benefits')} {...register('benefits')} />
          {error('benefits')}
        </Field>
        <Field>
          <label htmlFor="consultation-badge">Badge (optional)</label>
          <input {...a11y('badge')} {...register('badge')} />
          {error('badge')}
        </Field>
        <Field>
          <label htmlFor="consultation-position">Position</label>
          <input type="number" min={0} step={1} {...a11y('position', true)} {...register('position')} />
          <p id="consultation-position-hint" className="hint">
            The pricing section shows packages from the lowest position up.
          </p>
          {error('position')}
        </Field>
        <div className="check">
          <input id="consultation-is_active" type="checkbox" {...register('is_active')} />
          <label htmlFor="consultation-is_active">Shown in the pricing section</label>
        </div>
        <div className="buttons">
          <Button type="submit">{pkg ? 'Save Consultation' : 'Create Consultation'}</Button>
        </div>
      </fieldset>
      <div id="consultation-form-status" role="status" aria-live="polite">
        {status && <StatusText $tone={status.tone}>{status.text}</StatusText>}
      </div>
    </FormCard>
  );
}

export function NewConsultationPage() {
  usePageMeta({ title: 'Create New Consultation', description: 'Add a consultation package.' });
  return (
    <>
      <PageHeader>
        <h1>Create New Consultation</h1>
      </PageHeader>
      <ConsultationForm pkg={null} />
    </>
  );
}

export function EditConsultationPage() {
  const { id = '' } = useParams();
  usePageMeta({ title: 'Edit Consultation', description: 'Edit a consultation package.' });
  const pkg = useQuery(id, () => findConsultation(id));
  return (
    <>
      <PageHeader>
        <h1>Edit Consultation</h1>
      </PageHeader>
      {pkg.state === 'loading' && <Loading />}
      {pkg.state === 'error' && <LoadError text="Failed to load consultation package." error={pkg.error} onRetry={pkg.reload} />}
      {pkg.state === 'ready' && !pkg.data && <LoadError text="Consultation package not found." />}
      {pkg.state === 'ready' && pkg.data && <ConsultationForm key={pkg.data.id} pkg={pkg.data} />}
    </>
  );
}
