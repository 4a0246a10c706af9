import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { messageOf } from '@site/shared/api-client';
import { useHydrated } from '@site/shared/preloaded';
import { CONTACT_LIMITS, CONTACT_SERVICES, ContactForm as ContactFormSchema, type ContactFormInput, type ContactFormValues } from '@site/shared/contracts/marketing';
import { toast } from '@site/shared/toast';
import { Button, errorAria, Field, FieldError } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { sendContact } from './send-contact';

/** Spec: the success banner stays for 5 seconds. */
export const SUCCESS_BANNER_MS = 5000;

const Banner = styled.p<{ $tone: 'success' | 'error' }>`
  margin: 0 0 16px;
  padding: 12px 16px;
  border-radius: ${theme.radius.sm};
  border: 1px solid ${({ $tone }) => ($tone === 'success' ? theme.color.success : theme.color.danger)};
  color: ${({ $tone }) => ($tone === 'success' ? theme.color.success : theme.color.danger)};
  background: ${theme.color.bg};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 16px;
  @media ${theme.media.mobile} { grid-template-columns: 1fr; }
`;

const empty: ContactFormInput = { name: '', email: '', service: '' as ContactFormInput['service'], message: '' };

export function ContactForm() {
  const id = useId();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({ resolver: zodResolver(ContactFormSchema), defaultValues: empty });
  const hydrated = useHydrated();

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSent(false);
    try {
      await sendContact(values);
      toast.success('Message sent successfully!');
      reset(empty);
      setSent(true);
    } catch (error) {
      const text = messageOf(error, 'Failed to send message.');
      setFailure(text);
      toast.error(text);
    }
  });

  const fieldProps = (name: keyof ContactFormInput) => ({
    id: `${id}-${name}`,
    ...errorAria(errors[name], `${id}-${name}-error`),
    ...register(name),
  });
  const error = (name: keyof ContactFormInput) =>
    errors[name]?.message ? (
      <FieldError id={`${id}-${name}-error`} role="alert">
        {errors[name]?.message}
      </FieldError>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form">
      <div aria-live="polite">
        {sent && (
          <Banner $tone="success" role="status">
            Thank you! Your message has been sent. We will get back to you within one business day.
          </Banner>
        )}
      </div>
      {failure && (
        <Banner $tone="error" role="alert">
          {failure}
        </Banner>
      )}
      <Row>
        <Field>
          <label htmlFor={`${id}-name`}>Name</label>
          <input type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.name} {...fieldProps('name')} />
          {error('name')}
        </Field>
        <Field>
          <label htmlFor={`${id}-email`}>Email</label>
          <input type="email" autoComplete="email" required {...fieldProps('email')} />
          {error('email')}
        </Field>
      </Row>
      <Field>
        <label htmlFor={`${id}-service`}>Service</label>
        <select required {...fieldProps('service')}>
          <option value="">Select a service</option>
          {CONTACT_SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
        {error('service')}
      </Field>
      <Field>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea rows={5} required maxLength={CONTACT_LIMITS.message} {...fieldProps('message')} />
        {error('message')}
      </Field>
      {/* Until hydrated, a click would submit the server-rendered form natively (a reload). */}
      <Button type="submit" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
