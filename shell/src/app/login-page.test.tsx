import { beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LoginPage, returnPath } from './login-page';

vi.mock('@site/shared/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('login page', () => {
  // The forms other than log-in are lazy chunks; warm the module cache so a switch is quick here.
  beforeAll(async () => {
    await Promise.all([import('../features/login/sign-up-form'), import('../features/login/forgot-password-form'), import('../features/login/new-password-form')]);
  }, 30_000);
  beforeEach(() => vi.stubGlobal('fetch', vi.fn()));

  it('switches between its three modes', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Get Started' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('requires username and password, tying errors to the inputs', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const username = await screen.findByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe('Username is required.');
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says "Passwords do not match." on sign up', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const email = await screen.findByLabelText('Email');
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(email, 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'password-one');
    await user.type(screen.getByLabelText('Confirm password'), 'password-two');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const confirm = screen.getByLabelText('Confirm password');
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe('Passwords do not match.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('shows the new-password form for a reset link', async () => {
    renderAt('/login?reset=some-token-from-the-mail');
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
  });

  it('returns only to same-site paths after login', () => {
    expect(returnPath({ from: '/orders' })).toBe('/orders');
    expect(returnPath({ from: '//evil.example' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});
