import type { FormEventHandler, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { CONTACT_LIMITS, CONTACT_SERVICES } from '@site/shared/contracts/contact-fields';
import { FORM_ANCHORS, RETURN_FIELD } from '@site/shared/contracts/form-outcome';
import { Button, errorAria, Field, FieldError } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 16px;
  @media ${theme.media.mobile} { grid-template-columns: 1fr; }
`;

export type ContactFieldName = 'name' | 'email' | 'service' | 'message';

interface ContactFieldsProps {
  /** The fields' id prefix. */
  id: string;
  /** Extra props of a field (react-hook-form's registration, or its first value). */
  field: (name: ContactFieldName) => object;
  errorOf?: (name: ContactFieldName) => string | undefined;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  submitting?: boolean;
  /** The banners above the fields. */
  children?: ReactNode;
}

/**
 * The contact form's markup: a real form that posts natively to the api (before its code has
 * arrived, or without JavaScript) and comes back with the outcome; with its code, `onSubmit` sends
 * it without a reload. Free of zod and react-hook-form, so the home page's first HTML can carry it.
 */
export function ContactFields({ id, field, errorOf = () => undefined, onSubmit, submitting = false, children }: ContactFieldsProps) {
  const { pathname } = useLocation();
  const props = (name: ContactFieldName) => ({ id: `${id}-${name}`, name, ...errorAria(errorOf(name), `${id}-${name}-error`), ...field(name) });
  const error = (name: ContactFieldName) =>
    errorOf(name) ? (
      <FieldError id={`${id}-${name}-error`} role="alert">
        {errorOf(name)}
      </FieldError>
    ) : null;

  return (
    <form id={FORM_ANCHORS.contact} method="post" action="/api/contacts" onSubmit={onSubmit} noValidate aria-label="Contact form">
      <input type="hidden" name={RETURN_FIELD} value={pathname} />
      {children}
      <Row>
        <Field>
          <label htmlFor={`${id}-name`}>Name</label>
          <input type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.name} {...props('name')} />
          {error('name')}
        </Field>
        <Field>
          <label htmlFor={`${id}-email`}>Email</label>
          <input type="email" autoComplete="email" required {...props('email')} />
          {error('email')}
        </Field>
      </Row>
      <Field>
        <label htmlFor={`${id}-service`}>Service</label>
        <select required {...props('service')}>
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
        <textarea rows={5} required maxLength={CONTACT_LIMITS.message} {...props('message')} />
        {error('message')}
      </Field>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
