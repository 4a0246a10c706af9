import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useHydrated } from '@site/shared/preloaded';
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

/** The footer's newsletter sign-up: idle → submitting → success or error. */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const submitting = state.status === 'submitting';
  const hydrated = useHydrated();

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
      <Form onSubmit={onSubmit} aria-label="Newsletter sign-up">
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
        {/* Until hydrated, a click would submit the server-rendered form natively (a reload). */}
        <Button type="submit" disabled={submitting || !hydrated}>
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </Form>
      <div aria-live="polite" data-testid="newsletter-status">
        {state.status === 'success' && <Status $tone="success">Successfully subscribed!</Status>}
        {state.status === 'error' && <Status $tone="error">{state.message}</Status>}
      </div>
    </section>
  );
}
