import { Route, Routes, useParams } from 'react-router-dom';
import { renderStandalone } from '@site/shared/standalone';
import BookingSection from './app/booking-section';
import PackagePage from './app/package-page';
import OrdersPage from './app/orders-page';
import EventPackages from './app/event-packages';

function EventPackagesDemo() {
  const { eventId = '' } = useParams();
  return <EventPackages eventId={eventId} />;
}

renderStandalone(
  <Routes>
    <Route path="/" element={<BookingSection />} />
    <Route path="/packages/:slug" element={<PackagePage />} />
    <Route path="/orders" element={<OrdersPage />} />
    <Route path="/event-packages/:eventId" element={<EventPackagesDemo />} />
  </Routes>,
);
