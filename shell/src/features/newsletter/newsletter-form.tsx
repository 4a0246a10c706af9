import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { FORM_ANCHORS, FORM_OUTCOME_KEY, RETURN_FIELD, type FormOutcome } from '@site/shared/contracts/form-outcome';
import { NEWSLETTER_MESSAGES } from '@site/shared/messages';
import { typedBeforeHydration, usePreloaded } from '@site/shared/preloaded';
import { Button } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { subscribe } from './subscribe';

type State = { status: 'idle' } | { status: 'submitting' } | { status: 'success' } | { status: 'error'; message: string };

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  input {
    flex: 1 1 180px;
    min-height: 44px;
    padding: 10px 12px;
    font: inherit;
    color: ${theme.color.text};
    background: ${theme.color.bg};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
  }
  input:disabled { opacity: 0.6; }
`;

const Status = styled.p<{ $tone: 'success' | 'error' }>`
  margin: 8px 0 0;
  color: ${({ $tone }) => ($tone === 'success' ? theme.color.success : theme.color.danger)};
`;

/** The state a native post (without JavaScript, or before it ran) left: its outcome, as the server rendered it. */
const stateAfter = (outcome: FormOutcome | undefined): State => {
  if (outcome?.form !== 'newsletter') return { status: 'idle' };
  if (outcome.ok) return { status: 'success' };
  return { status: 'error', message: outcome.message || outcome.errors.email || NEWSLETTER_MESSAGES.failure };
};

/**
 * The footer's newsletter sign-up: idle → submitting → success or error. A real form: before the
 * page runs (or without JavaScript) it posts natively and the page comes back with the outcome.
 */
export function NewsletterForm() {
  const id = useId();
  const { pathname } = useLocation();
  const outcome = usePreloaded<FormOutcome>(FORM_OUTCOME_KEY);
  // An address typed into the server's HTML before the page ran is kept, not wiped by hydration.
  const [email, setEmail] = useState(() => typedBeforeHydration(`${id}-email`) ?? (outcome?.form === 'newsletter' ? (outcome.values.email ?? '') : ''));
  const [state, setState] = useState<State>(() => stateAfter(outcome));
  const submitting = state.status === 'submitting';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setState({ status: 'submitting' });
    const result = await subscribe(email);
    if (result.ok) {
      setEmail('');
      setState({ status: 'success' });
    } else {
      setState({ status: 'error', message: result.message });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Newsletter</h2>
      <p>Monthly notes on practical AI for small teams. No spam; unsubscribe in one click.</p>
      <Form id={FORM_ANCHORS.newsletter} method="post" action="/api/newsletters" onSubmit={onSubmit} aria-label="Newsletter sign-up">
        <input type="hidden" name={RETURN_FIELD} value={pathname} />
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          disabled={submitting}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </Form>
      <div aria-live="polite" data-testid="newsletter-status">
        {state.status === 'success' && <Status $tone="success">{NEWSLETTER_MESSAGES.success}</Status>}
        {state.status === 'error' && <Status $tone="error">{state.message}</Status>}
      </div>
    </section>
  );
}
