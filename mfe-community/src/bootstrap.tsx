import { Route, Routes } from 'react-router-dom';
import { renderStandalone } from '@site/shared/standalone';
import CommunityPage from './app/community-page';
import BlogPage from './app/blog-page';
import EventPage from './app/event-page';

renderStandalone(
  <Routes>
    <Route path="/" element={<CommunityPage />} />
    <Route path="/community" element={<CommunityPage />} />
    <Route path="/blog/:slug" element={<BlogPage />} />
    <Route path="/event/:slug" element={<EventPage />} />
  </Routes>,
);
