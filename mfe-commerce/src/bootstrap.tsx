import { Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@site/shared/standalone';
import BookingSection from './app/booking-section';
import PackagePage from './app/package-page';
import OrdersPage from './app/orders-page';

renderStandalone(
  <Routes>
    <Route path="/" element={<BookingSection />} />
    <Route path="/packages/:slug" element={<PackagePage />} />
    <Route path="/orders" element={<OrdersPage />} />
  </Routes>,
);
