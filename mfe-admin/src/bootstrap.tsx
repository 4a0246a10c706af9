import { Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@site/shared/standalone';
import AdminApp from './app/admin-app';

renderStandalone(
  <Routes>
    <Route path="/admin/*" element={<AdminApp />} />
    <Route path="*" element={<AdminApp />} />
  </Routes>,
);
