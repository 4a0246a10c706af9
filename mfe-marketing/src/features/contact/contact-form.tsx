import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { messageOf } from '@site/shared/api-client';
import { FORM_OUTCOME_KEY, type FormOutcome } from '@site/shared/contracts/form-outcome';
import { CONTACT_MESSAGES } from '@site/shared/messages';
import { typedBeforeHydration, usePreloaded } from '@site/shared/preloaded';
import { ContactForm as ContactFormSchema, type ContactFormInput, type ContactFormValues } from '@site/shared/contracts/marketing';
import { toast } from '@site/shared/toast';
import { theme } from '@site/shared/ui/theme';
import { ContactFields } from './contact-fields';
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

const empty: ContactFormInput = { name: '', email: '', service: '' as ContactFormInput['service'], message: '' };
const FIELDS = Object.keys(empty) as (keyof ContactFormInput)[];

/**
 * The form's first values: what the visitor typed before the page ran (hydration would wipe it),
 * else what a native post kept after an error, else empty.
 */
function firstValues(id: string, outcome: FormOutcome | null): ContactFormInput {
  const values = { ...empty };
  for (const name of FIELDS) {
    const value = typedBeforeHydration(`${id}-${name}`) ?? outcome?.values[name];
    if (value !== undefined) (values as Record<string, string>)[name] = value;
  }
  return values;
}

/** Where the visitor's caret is in the plain form this one replaces: it moves with them. */
function useCarriedFocus(id: string) {
  const [caret] = useState(() => {
    // The server's render has no focused element (and no DOM classes to test against).
    const field = (typeof document === 'undefined' ? null : document.activeElement) as HTMLInputElement | null;
    if (!field?.id?.startsWith(`${id}-`)) return null;
    return { id: field.id, at: typeof field.selectionStart === 'number' ? field.selectionStart : null };
  });
  useLayoutEffect(() => {
    const field = caret && document.getElementById(caret.id);
    if (!field || field === document.activeElement) return;
    field.focus();
    if (caret.at !== null && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) field.setSelectionRange(caret.at, caret.at);
  }, [caret]);
}

/**
 * The contact form. A real form: before the page runs (or without JavaScript) it posts natively,
 * and the page comes back with the outcome (api/src/lib/form-posts.ts); with JavaScript it sends
 * without a reload.
 */
export function ContactForm({ id: givenId }: { id?: string }) {
  const ownId = useId();
  // The section's id when it showed the plain form first: what was typed there is read by that id.
  const id = givenId ?? ownId;
  const posted = usePreloaded<FormOutcome>(FORM_OUTCOME_KEY);
  const outcome = posted?.form === 'contact' ? posted : null;
  const [sent, setSent] = useState(outcome?.ok === true);
  const [failure, setFailure] = useState<string | null>(outcome && !outcome.ok && outcome.message ? outcome.message : null);
  // The field errors of a native post, shown until the next submit validates in the browser.
  const [postedErrors, setPostedErrors] = useState<Record<string, string>>(outcome?.errors ?? {});
  const [defaultValues] = useState(() => firstValues(id, outcome));
  useCarriedFocus(id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({ resolver: zodResolver(ContactFormSchema), defaultValues });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setSent(false);
    try {
      await sendContact(values);
      toast.success(CONTACT_MESSAGES.success);
      reset(empty);
      setSent(true);
    } catch (error) {
      const text = messageOf(error, CONTACT_MESSAGES.failure);
      setFailure(text);
      toast.error(text);
    }
  });

  const onSubmit: typeof submit = (event) => {
    setPostedErrors({});
    return submit(event);
  };

  return (
    <ContactFields
      id={id}
      // The first values are attributes too: the server's HTML shows what a native post kept.
      field={(name) => ({ defaultValue: defaultValues[name], ...register(name) })}
      errorOf={(name) => errors[name]?.message ?? postedErrors[name]}
      onSubmit={onSubmit}
      submitting={isSubmitting}
    >
      <div aria-live="polite">
        {sent && (
          <Banner $tone="success" role="status">
            {/* The toast says it was sent; without JavaScript there is no toast, so the page says it instead. */}
            {outcome?.ok ? `${CONTACT_MESSAGES.success} ` : 'Thank you! '}
            We will get back to you within one business day.
          </Banner>
        )}
      </div>
      {failure && (
        <Banner $tone="error" role="alert">
          {failure}
        </Banner>
      )}
    </ContactFields>
  );
}
