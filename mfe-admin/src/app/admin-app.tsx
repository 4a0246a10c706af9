import { Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { usePageMeta } from '@site/shared/page-meta';

const Main = styled.main`
  padding: 32px;
`;

function Dashboard() {
  usePageMeta({ title: 'Admin dashboard', description: 'Manage blogs, events and packages.' });
  return <h1>Dashboard</h1>;
}

/** Everything under /admin; the shell renders it only for a signed-in admin. */
export default function AdminApp() {
  return (
    <Main id="main">
      <Routes>
        <Route index element={<Dashboard />} />
        <Route path="*" element={<Dashboard />} />
      </Routes>
    </Main>
  );
}
