import { checkedBeforeHydration, typedBeforeHydration } from '@site/shared/preloaded';
import { site } from '@site/shared/site-config';
import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { Button, Card, errorAria, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { Block, Lead, SectionTitle } from '../../components/layout';
import { saveCommunityEmail } from './save-community-email';

type Phase = 'form' | 'saving' | 'done';

const Consent = styled.div`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  margin-bottom: 16px;
  input { width: 20px; height: 20px; margin-top: 3px; }
`;

const Form = styled.form`
  noscript { display: block; margin-bottom: 16px; color: ${theme.color.textMuted}; }
`;

const Panel = styled(Card)`
  max-width: 560px;
`;

export function CommunitySignup() {
  const ids = { email: useId(), emailError: useId(), consent: useId(), consentError: useId() };
  const [phase, setPhase] = useState<Phase>('form');
  // What the visitor typed or ticked before the page ran: hydration would otherwise clear it.
  const [email, setEmail] = useState(() => typedBeforeHydration(ids.email) ?? '');
  const [consent, setConsent] = useState(() => checkedBeforeHydration(ids.consent));
  const [errors, setErrors] = useState<{ email?: string; consent?: string }>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The validator (zod) is fetched on the first submit, not with the page.
    const { EmailSchema } = await import('@site/shared/contracts/common');
    const parsed = EmailSchema.safeParse(email);
    const next = {
      email: parsed.success ? undefined : 'Please enter a valid email address.',
      consent: consent ? undefined : 'Please agree to receive community emails.',
    };
    setErrors(next);
    setSaveError(null);
    if (!parsed.success || !consent) return;
    setPhase('saving');
    // Let the saving state paint before the (synchronous) storage write.
    await new Promise((resolve) => setTimeout(resolve, 150));
    try {
      saveCommunityEmail(parsed.data);
      setPhase('done');
    } catch {
      setSaveError('Failed to save. Please try again.');
      setPhase('form');
    }
  };

  const fieldProps = (name: 'email' | 'consent') => ({
    id: ids[name],
    required: true,
    disabled: phase === 'saving',
    ...errorAria(errors[name], ids[`${name}Error`]),
  });

  const again = () => {
    setEmail('');
    setConsent(false);
    setPhase('form');
    setTimeout(() => emailInput.current?.focus(), 0);
  };

  return (
    <Block aria-labelledby="signup-title">
      <SectionTitle id="signup-title">Join the community</SectionTitle>
      <Lead>Get event invitations and new articles by email.</Lead>
      {/* A box, not an article: the form is named by the section's heading. */}
      <Panel as="div">
        {phase === 'done' ? (
          <div role="status">
            <h3>Thank you for joining!</h3>
            <p>We will be in touch with community news.</p>
            <Button type="button" onClick={again}>
              Add Another Email
            </Button>
          </div>
        ) : (
          // The addresses stay in this browser, so the form is never sent: before the page runs, a
          // press on Join is held until it is live (data-replay); without JavaScript a dialog form
          // submits nowhere and the page says why.
          <Form method="dialog" noValidate onSubmit={submit} aria-label="Community email sign-up">
            {/* Plain text: a browser that parses it as text (scripting off by setting) shows it the same. */}
            <noscript>Joining needs JavaScript, which is turned off in this browser. Your address stays in the field and nothing is sent.</noscript>
            <Field>
              <label htmlFor={ids.email}>Email address</label>
              <input
                ref={emailInput}
                type="email"
                autoComplete="email"
                value={email}
                {...fieldProps('email')}
                onChange={(event) => setEmail(event.target.value)}
              />
              {errors.email && <FieldError id={ids.emailError}>{errors.email}</FieldError>}
            </Field>
            <Consent>
              <input
                type="checkbox"
                checked={consent}
                {...fieldProps('consent')}
                onChange={(event) => setConsent(event.target.checked)}
              />
              <label htmlFor={ids.consent}>I agree to receive community emails from {site.name}.</label>
            </Consent>
            {errors.consent && <FieldError id={ids.consentError}>{errors.consent}</FieldError>}
            <Button type="submit" disabled={phase === 'saving'} data-replay="community-join">
              {phase === 'saving' ? 'Saving…' : 'Join the Community'}
            </Button>
            {phase === 'saving' && <StatusText role="status">Saving your email…</StatusText>}
            {saveError && (
              <StatusText role="alert" $tone="error">
                {saveError}
              </StatusText>
            )}
          </Form>
        )}
      </Panel>
    </Block>
  );
}
