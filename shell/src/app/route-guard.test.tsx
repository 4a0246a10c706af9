import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@site/shared/session';
import { RouteGuard } from './route-guard';

vi.mock('@site/shared/remote', () => ({ RemoteLoading: ({ label }: { label: string }) => <p>{label}</p> }));

function LoginProbe() {
  const { state } = useLocation();
  return <p>login page from {(state as { from?: string } | null)?.from}</p>;
}

const renderGuarded = (allowedRoles?: string[]) =>
  render(
    <MemoryRouter initialEntries={['/private?tab=1']}>
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/login" element={<LoginProbe />} />
        <Route path="/private" element={<RouteGuard allowedRoles={allowedRoles}><p>secret</p></RouteGuard>} />
      </Routes>
    </MemoryRouter>,
  );

describe('route guard', () => {
  beforeEach(() => useSession.setState({ status: 'signed-out', token: null, user: null }));

  it('waits while the session is loading', () => {
    useSession.setState({ status: 'loading' });
    renderGuarded();
    expect(screen.getByText('Checking your session…')).toBeTruthy();
  });

  it('sends a visitor to /login, remembering where they were going', () => {
    renderGuarded();
    expect(screen.getByText('login page from /private?tab=1')).toBeTruthy();
  });

  it('admits any signed-in user when no roles are listed', () => {
    useSession.setState({ status: 'signed-in', token: 't', user: { sub: 'u', role: 'user' } });
    renderGuarded([]);
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('sends a role outside the list home', () => {
    useSession.setState({ status: 'signed-in', token: 't', user: { sub: 'u', role: 'user' } });
    renderGuarded(['admin']);
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('admits a listed role', () => {
    useSession.setState({ status: 'signed-in', token: 't', user: { sub: 'u', role: 'admin' } });
    renderGuarded(['admin']);
    expect(screen.getByText('secret')).toBeTruthy();
  });
});
