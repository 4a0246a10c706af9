import { Suspense, lazy, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { site } from '@site/shared/site-config';
import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';
import { Card, Container } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { LoginForm } from '../features/login/login-form';

// Fetched when chosen: they validate with zod, which the log-in form does without.
const ForgotPasswordForm = lazy(() => import('../features/login/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })));
const NewPasswordForm = lazy(() => import('../features/login/new-password-form').then((m) => ({ default: m.NewPasswordForm })));
const SignUpForm = lazy(() => import('../features/login/sign-up-form').then((m) => ({ default: m.SignUpForm })));

const Wrap = styled(Container)`
  min-height: 100vh;
  padding-top: 32px;
  padding-bottom: 40px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 28px;
`;

// The site header is hidden here, so the page carries its own way back.
const HomeLink = styled(Link)`
  font-weight: 800;
  font-size: 1.2rem;
  color: ${theme.color.text};
  text-decoration: none;
`;

const Panel = styled(Card)`
  width: 100%;
  max-width: 440px;
  h1 { margin-top: 0; }
  form > p { color: ${theme.color.textMuted}; }
  form > noscript { display: block; margin-bottom: 16px; }
  form > button[type='submit'] { width: 100%; }
`;

export type LoginMode = 'login' | 'signup' | 'reset';

const HEADINGS: Record<LoginMode, string> = { login: 'Welcome Back', signup: 'Get Started', reset: 'Reset Password' };

/** Only same-site paths: `from` must never send the user to another site after logging in. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  return from;
}

export function LoginPage() {
  const [mode, setMode] = useState<LoginMode>('login');
  const [username, setUsername] = useState('');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const resetToken = params.get('reset');
  const heading = resetToken ? HEADINGS.reset : HEADINGS[mode];
  usePageMeta({ title: heading, description: 'Log in, sign up or reset your password.' });

  const toLogin = () => setMode('login');

  return (
    <Wrap as="main" id="main">
      <HomeLink to="/" aria-label={`${site.name}: back to the home page`}>
        <span aria-hidden="true">← </span>
        {site.name}
      </HomeLink>
      <Panel as="section" aria-labelledby="login-heading">
        <h1 id="login-heading">{heading}</h1>
        <Suspense fallback={<p role="status">Loading…</p>}>
          {resetToken ? (
            <NewPasswordForm
              token={resetToken}
              onDone={() => {
                setMode('login');
                // Drop the spent token from the address (and from history).
                setParams({}, { replace: true });
              }}
            />
          ) : mode === 'signup' ? (
            <SignUpForm
              onLogIn={toLogin}
              onCreated={(name) => {
                setUsername(name);
                toLogin();
              }}
            />
          ) : mode === 'reset' ? (
            <ForgotPasswordForm onSent={toLogin} onBack={toLogin} />
          ) : (
            <LoginForm
              key={username}
              defaultUsername={username}
              onSuccess={() => navigate(returnPath(location.state), { replace: true })}
              onSignUp={() => setMode('signup')}
              onForgot={() => setMode('reset')}
            />
          )}
        </Suspense>
      </Panel>
    </Wrap>
  );
}
