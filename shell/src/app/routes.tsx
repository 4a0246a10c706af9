import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LazyPart, Remote, RemoteLoading } from '@site/shared/remote';
import { REMOTE_ROUTES } from '../lib/route-table';
import { NotFoundPage } from './not-found-page';
import { loadLoginPage } from './login-chunk';
import { AdminGate } from './admin-gate';
import { RouteGuard } from './route-guard';

// The login screens (forms, validation) are a chunk of their own: most visitors never open them.
const LoginPage = lazy(() => loadLoginPage().then((mod) => ({ default: mod.LoginPage })));

/** Route → remote (shared/src/remotes.js). A remote is fetched only when one of its routes renders. */
export function AppRoutes() {
  return (
    <Routes>
      {REMOTE_ROUTES.map(({ path, id, what, props, access }) => {
        const remote = <Remote id={id} what={what} props={props} />;
        const element =
          access === 'admin' ? <AdminGate>{remote}</AdminGate> : access === 'signed-in' ? <RouteGuard>{remote}</RouteGuard> : remote;
        return <Route key={path} path={path} element={element} />;
      })}
      <Route
        path="/login"
        element={
          <LazyPart fallback={<RemoteLoading />}>
            <LoginPage />
          </LazyPart>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
