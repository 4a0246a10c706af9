import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminLayout } from '../components/admin-layout';
import { NotFound } from '../components/not-found';
import { Loading } from '../components/ui';

// Each screen is its own chunk: the rich-text editor and the chart library load only where used.
const Dashboard = lazy(() => import('../features/dashboard/dashboard').then((m) => ({ default: m.Dashboard })));
const BlogList = lazy(() => import('../features/blogs/blog-list').then((m) => ({ default: m.BlogList })));
const NewBlogPage = lazy(() => import('../features/blogs/blog-form').then((m) => ({ default: m.NewBlogPage })));
const EditBlogPage = lazy(() => import('../features/blogs/blog-form').then((m) => ({ default: m.EditBlogPage })));
const EventList = lazy(() => import('../features/events/event-list').then((m) => ({ default: m.EventList })));
const NewEventPage = lazy(() => import('../features/events/event-form').then((m) => ({ default: m.NewEventPage })));
const EditEventPage = lazy(() => import('../features/events/event-form').then((m) => ({ default: m.EditEventPage })));
const PackageList = lazy(() => import('../features/packages/package-list').then((m) => ({ default: m.PackageList })));
const NewPackagePage = lazy(() => import('../features/packages/package-form').then((m) => ({ default: m.NewPackagePage })));
const EditPackagePage = lazy(() => import('../features/packages/package-form').then((m) => ({ default: m.EditPackagePage })));
const ConsultationList = lazy(() => import('../features/consultations/consultation-list').then((m) => ({ default: m.ConsultationList })));
const NewConsultationPage = lazy(() => import('../features/consultations/consultation-form').then((m) => ({ default: m.NewConsultationPage })));
const EditConsultationPage = lazy(() => import('../features/consultations/consultation-form').then((m) => ({ default: m.EditConsultationPage })));
const AvailabilityPage = lazy(() => import('../features/availability/availability-page').then((m) => ({ default: m.AvailabilityPage })));
const CareersPage = lazy(() => import('../features/careers/careers-page').then((m) => ({ default: m.CareersPage })));
const SettingsPage = lazy(() => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const BookingsPage = lazy(() => import('../features/bookings/bookings-page').then((m) => ({ default: m.BookingsPage })));
const OrdersPage = lazy(() => import('../features/orders/orders-page').then((m) => ({ default: m.OrdersPage })));
const MessagesPage = lazy(() => import('../features/messages/messages-page').then((m) => ({ default: m.MessagesPage })));
const MailPage = lazy(() => import('../features/mail/mail-page').then((m) => ({ default: m.MailPage })));
const SubscribersPage = lazy(() => import('../features/subscribers/subscribers-page').then((m) => ({ default: m.SubscribersPage })));
const SystemPage = lazy(() => import('../features/system/system-page').then((m) => ({ default: m.SystemPage })));

/** Everything under /admin; the shell renders it only for a signed-in admin. */
export default function AdminApp() {
  return (
    <AdminLayout>
      <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<Dashboard />} />
        <Route path="blogs" element={<BlogList />} />
        <Route path="blogs/new" element={<NewBlogPage />} />
        <Route path="blogs/edit/:id" element={<EditBlogPage />} />
        <Route path="events" element={<EventList />} />
        <Route path="events/new" element={<NewEventPage />} />
        <Route path="events/edit/:id" element={<EditEventPage />} />
        <Route path="packages" element={<PackageList />} />
        <Route path="packages/new" element={<NewPackagePage />} />
        <Route path="packages/edit/:id" element={<EditPackagePage />} />
        <Route path="consultations" element={<ConsultationList />} />
        <Route path="consultations/new" element={<NewConsultationPage />} />
        <Route path="consultations/edit/:id" element={<EditConsultationPage />} />
        <Route path="availability" element={<AvailabilityPage />} />
        <Route path="careers" element={<CareersPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="bookings" element={<BookingsPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="subscribers" element={<SubscribersPage />} />
        <Route path="mail" element={<MailPage />} />
        <Route path="system" element={<SystemPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
      </Suspense>
    </AdminLayout>
  );
}
