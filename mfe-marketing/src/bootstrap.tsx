import { Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@site/shared/standalone';
import HomePage from './app/home-page';
import ServicePage from './app/service-page';
import PolicyPage from './app/policy-page';
import ContactPage from './app/contact-page';

renderStandalone(
  <Routes>
    <Route path="/" element={<HomePage />} />
    <Route path="/services/:slug" element={<ServicePage />} />
    <Route path="/refund" element={<PolicyPage policy="refund" />} />
    <Route path="/privacy" element={<PolicyPage policy="privacy" />} />
    <Route path="/terms" element={<PolicyPage policy="terms" />} />
    <Route path="/contact" element={<ContactPage />} />
  </Routes>,
);
