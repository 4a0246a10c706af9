import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Remote, RemoteLoading } from '@site/shared/remote';
import { NotFoundPage } from '../pages/not-found-page';
import { AdminGate } from './admin-gate';
import { RouteGuard } from './route-guard';

// The login screens (forms, validation) are a chunk of their own: most visitors never open them.
const LoginPage = lazy(() => import('../pages/login-page').then((mod) => ({ default: mod.LoginPage })));

/** Route → remote. A remote is fetched only when one of its routes renders. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Remote id="mfe_marketing/HomePage" what="the home page" />} />
      <Route path="/services/:slug" element={<Remote id="mfe_marketing/ServicePage" what="the service page" />} />
      <Route path="/refund" element={<Remote id="mfe_marketing/PolicyPage" props={{ policy: 'refund' }} />} />
      <Route path="/privacy" element={<Remote id="mfe_marketing/PolicyPage" props={{ policy: 'privacy' }} />} />
      <Route path="/terms" element={<Remote id="mfe_marketing/PolicyPage" props={{ policy: 'terms' }} />} />
      <Route path="/contact" element={<Remote id="mfe_marketing/ContactPage" what="the contact page" />} />
      <Route path="/community" element={<Remote id="mfe_community/CommunityPage" what="the community page" />} />
      <Route path="/blog/:slug" element={<Remote id="mfe_community/BlogPage" what="the blog post" />} />
      <Route path="/event/:slug" element={<Remote id="mfe_community/EventPage" what="the event" />} />
      <Route path="/packages/:slug" element={<Remote id="mfe_commerce/PackagePage" what="the package" />} />
      <Route
        path="/orders"
        element={
          <RouteGuard>
            <Remote id="mfe_commerce/OrdersPage" what="your orders" />
          </RouteGuard>
        }
      />
      <Route path="/admin/*" element={<AdminGate />} />
      <Route
        path="/login"
        element={
          <Suspense fallback={<RemoteLoading />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
