import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorAria, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { fromPickerDate, isOffered, snapToFreeSlot } from '../../lib/ist-time';
import { SIMPLE_EMAIL, TEXT } from '../../lib/texts';
import type { ConsultationPackage as BookingPackage } from '@site/shared/contracts/consultations';
import { DISCUSSION_MAX, type Order } from '@site/shared/contracts/orders';
import { formatVisitorWhen } from '@site/shared/dates';
import { DateTimeField } from './date-time-field';
import { useBookConsultation } from './use-book-consultation';
import { SLOT_TEXTS, useFreeSlots } from './use-free-slots';

const Form = styled.form`
  margin-top: 16px;
  padding-top: 16px;
  border-top: 1px solid ${theme.color.border};
  ${Field} { margin-bottom: 12px; }
  button[type='submit'] { width: 100%; }
`;

export const DISCUSSION_TEXTS = {
  tooLong: `Please keep what you would like to discuss to ${DISCUSSION_MAX.toLocaleString('en-IN')} characters.`,
};

/** E-mail and date/time for one package, then payment (spec §4, §5). */
export function BookingForm({ pkg, ownEmail = '', onBooked }: { pkg: BookingPackage; ownEmail?: string; onBooked: (order: Order | undefined) => void }) {
  const id = useId();
  const { free, state: slotsState, refresh } = useFreeSlots(pkg.id);
  // A signed-in buyer's own address is the likely attendee: there from the first render (never
  // filled in later, under the buyer's fingers), still editable.
  const [email, setEmail] = useState(ownEmail);
  const [picked, setPicked] = useState<Date | null>(null);
  // A time given before the free times arrived (a slow phone) is kept and checked once they do:
  // chosen when offered, else refused in words with its date still in the field.
  const [early, setEarly] = useState<Date | null>(null);
  const slotsKnown = slotsState === 'ready';
  const earlyOffered = early !== null && slotsKnown && isOffered(fromPickerDate(early), free, new Date());
  const chosen = picked ?? (earlyOffered ? early : null);
  const earlyRefused = early !== null && slotsKnown && !earlyOffered ? SLOT_TEXTS.notFree(fromPickerDate(early)) : null;
  // The time was taken meanwhile: the choice is cleared and the picker learns the free times again.
  const slotTaken = () => {
    setPicked(null);
    setEarly(null);
    refresh();
  };
  const { book, processing, sdkError } = useBookConsultation(pkg, onBooked, slotTaken);
  const [emailError, setEmailError] = useState<string | null>(null);
  const timeGiven = chosen !== null || early !== null;
  const missing = !email && !timeGiven ? 'your e-mail and a date and time' : !email ? 'your e-mail' : !timeGiven ? 'a date and time' : null;
  const [dateError, setDateError] = useState<string | null>(null);
  const [discussion, setDiscussion] = useState('');
  const discussionLength = discussion.trim().length;
  const discussionError = discussionLength > DISCUSSION_MAX ? DISCUSSION_TEXTS.tooLong : null;
  // The form is live (never server-rendered), so the visitor's own zone costs nothing at first paint.
  const visitorTime = chosen ? formatVisitorWhen(fromPickerDate(chosen).toISOString()) : null;

  const checkEmail = (value: string) => {
    const ok = SIMPLE_EMAIL.test(value.trim());
    setEmailError(ok ? null : TEXT.invalidEmail);
    return ok;
  };

  const choose = (value: Date | null) => {
    if (value && !slotsKnown) {
      setEarly(value);
      setPicked(null);
      setDateError(null);
      return;
    }
    setEarly(null);
    // A click on a day keeps the previous time of day, which may not be free there.
    const slot = value ? snapToFreeSlot(value, free, new Date()) : null;
    setPicked(slot);
    setDateError(slot ? null : TEXT.missingDateTime);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emailOk = checkEmail(email);
    if (!chosen && !early) setDateError(TEXT.missingDateTime);
    if (!emailOk || !chosen || discussionError || processing) return;
    void book(email.trim(), fromPickerDate(chosen), discussion.trim());
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={`Book ${pkg.name}`}>
      <Field>
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          disabled={processing}
          {...errorAria(emailError, `${id}-email-error`)}
          aria-describedby={[emailError && `${id}-email-error`, ownEmail && `${id}-email-own`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (emailError) setEmailError(null);
          }}
          onBlur={() => email && checkEmail(email)}
        />
        {ownEmail && (
          <StatusText id={`${id}-email-own`} $tone="muted" style={{ margin: '4px 0 0', fontSize: '0.9rem' }}>
            Your account’s address; change it if someone else attends.
          </StatusText>
        )}
        {emailError && (
          <FieldError id={`${id}-email-error`} role="alert">
            {emailError}
          </FieldError>
        )}
      </Field>
      <Field>
        <label htmlFor={`${id}-when`}>Date and time (IST)</label>
        <DateTimeField
          id={`${id}-when`}
          value={chosen ?? early}
          onChange={choose}
          onClose={() => !chosen && !early && setDateError(TEXT.missingDateTime)}
          free={free}
          known={slotsKnown}
          error={dateError ?? earlyRefused}
          disabled={processing}
        />
        {visitorTime && (
          <StatusText id={`${id}-when-yours`} $tone="muted" style={{ margin: '4px 0 0', fontSize: '0.9rem' }}>
            Your time: {visitorTime}
          </StatusText>
        )}
        {slotsState === 'loading' && (
          <StatusText role="status" $tone="muted" style={{ margin: '4px 0 0', fontSize: '0.9rem' }}>
            {SLOT_TEXTS.loading}
          </StatusText>
        )}
        {slotsState === 'error' && (
          <StatusText role="alert" $tone="error" style={{ margin: '4px 0 0', fontSize: '0.9rem' }}>
            {SLOT_TEXTS.failed}{' '}
            <Button type="button" $variant="ghost" onClick={refresh}>
              Try again
            </Button>
          </StatusText>
        )}
        {slotsState === 'ready' && free.size === 0 && (
          <StatusText role="status" $tone="muted" style={{ margin: '4px 0 0', fontSize: '0.9rem' }}>
            {SLOT_TEXTS.none}
          </StatusText>
        )}
      </Field>
      <Field>
        <label htmlFor={`${id}-discuss`}>
          What would you like to discuss? <span style={{ fontWeight: 'normal' }}>(optional)</span>
        </label>
        <textarea
          id={`${id}-discuss`}
          rows={3}
          value={discussion}
          disabled={processing}
          aria-invalid={discussionError ? true : undefined}
          aria-describedby={`${id}-discuss-count${discussionError ? ` ${id}-discuss-error` : ''}`}
          onChange={(event) => setDiscussion(event.target.value)}
        />
        <StatusText id={`${id}-discuss-count`} $tone="muted" style={{ margin: 0, fontSize: '0.85rem', textAlign: 'right' }}>
          {discussionLength.toLocaleString('en-IN')} / {DISCUSSION_MAX.toLocaleString('en-IN')} characters
        </StatusText>
        {discussionError && (
          <FieldError id={`${id}-discuss-error`} role="alert">
            {discussionError}
          </FieldError>
        )}
      </Field>
      {sdkError && (
        <StatusText role="alert" $tone="error">
          {sdkError}
        </StatusText>
      )}
      <Button type="submit" disabled={!email || !chosen || discussionError !== null || processing} aria-describedby={missing ? `${id}-why` : undefined}>
        {processing ? TEXT.processing : TEXT.proceed}
      </Button>
      {missing && !processing && (
        <StatusText id={`${id}-why`} style={{ margin: '8px 0 0', fontSize: '0.9rem' }}>
          Enter {missing} to continue to payment.
        </StatusText>
      )}
    </Form>
  );
}
