import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { Button } from '@site/shared/ui/primitives';
import { useSession } from '@site/shared/session';

/** The screens under /admin (path, sidebar label): the spec's order, then the additions. */
const SCREENS = [
  ['blogs', 'Blog'], ['events', 'Events'], ['packages', 'Packages'], ['careers', 'Careers'], ['settings', 'Settings'],
  ['orders', 'Orders'], ['bookings', 'Bookings'], ['messages', 'Messages'], ['subscribers', 'Subscribers'], ['consultations', 'Consultations'],
  ['availability', 'Availability'], ['mail', 'Mail'], ['system', 'System'],
] as const;

/** The sidebar: the dashboard and the way back to the site, then the screens. */
export const NAV_ITEMS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/', label: 'Home', end: true },
  ...SCREENS.map(([path, label]) => ({ to: `/admin/${path}`, label, end: false })),
];

const Frame = styled.div`
  display: grid;
  grid-template-columns: 232px minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  min-height: 100vh;
  @media ${theme.media.belowMenu} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Top = styled.header`
  grid-column: 1 / -1;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 20px;
  background: ${theme.color.surface};
  border-bottom: 1px solid ${theme.color.border};
  .brand { font-weight: 700; margin-right: auto; }
  .who { color: ${theme.color.textMuted}; display: flex; gap: 0.3em; min-width: 0; white-space: nowrap; }
  /* The subject (an id) is cut to the width there is; its full value stays in the text and the title. */
  .subject { overflow: hidden; text-overflow: ellipsis; min-width: 4ch; max-width: 14ch; }
  .menu { display: none; }
  @media ${theme.media.belowMenu} {
    .menu { display: inline-flex; }
  }
  @media ${theme.media.mobile} {
    flex-wrap: wrap;
    padding: 8px 12px;
    .who { order: 3; width: 100%; font-size: 0.9rem; }
    .subject { max-width: none; }
  }
`;

const Side = styled.nav<{ $open: boolean }>`
  background: ${theme.color.surface};
  border-right: 1px solid ${theme.color.border};
  padding: 16px 12px;
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
  a {
    display: block;
    padding: 10px 14px;
    border-radius: ${theme.radius.sm};
    color: ${theme.color.text};
    text-decoration: none;
    min-height: 44px;
  }
  a:hover { background: ${theme.color.surfaceRaised}; }
  a[aria-current='page'] { background: ${theme.color.primary}; color: ${theme.color.onPrimary}; font-weight: 700; }
  @media ${theme.media.belowMenu} {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
    border-right: 0;
    border-bottom: 1px solid ${theme.color.border};
  }
`;

const Main = styled.main`
  padding: 28px;
  min-width: 0;
  @media ${theme.media.mobile} {
    padding: 16px 12px;
  }
`;

/** Sidebar, header (who is signed in, Logout) and the page; the sidebar folds away below 1024px. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A chosen page closes the folded menu so the page is what the admin sees next.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Frame>
      <Top>
        <Button
          className="menu"
          type="button"
          $variant="ghost"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((value) => !value)}
        >
          Menu
        </Button>
        <span className="brand">Admin</span>
        <span className="who">
          Signed in as{' '}
          {/* The username (decision 068); a token from before it carried one shows the id. */}
          <strong className="subject" title={user?.name ?? user?.sub} data-testid="admin-subject">
            {user?.name ?? user?.sub}
          </strong>{' '}
          ({user?.role})
        </span>
        <Button type="button" $variant="ghost" onClick={() => void logout()}>
          Logout
        </Button>
      </Top>
      <Side id="admin-nav" aria-label="Admin" $open={open}>
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </Side>
      <Main id="main">{children}</Main>
    </Frame>
  );
}
