import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { site } from '@site/shared/site-config';
import { HEADER } from '../timings';
import { homeSections, mainNav, sectionOfPath } from './site-nav';
import { BREAKPOINT, theme } from '@site/shared/ui/theme';
import { SectionLink } from './section-link';
import { useHeaderScroll } from './use-header-scroll';
import { useScrollSpy } from './use-scroll-spy';
import { HeaderActions, MenuLogout } from './header-actions';
import { AiCallButton } from '../../features/ai-assistant/ai-call-button';

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 100;
  height: ${HEADER.tallPx}px;
  /* The theme's own background, fading in (no blur: it costs a repaint of all beneath on every scroll). */
  background: rgba(11, 16, 32, var(--header-alpha, 0));
  border-bottom: 1px solid rgba(42, 55, 99, var(--header-alpha, 0));
  transition: height 0.25s ease;
  &.scrolled { height: ${HEADER.compactPx}px; }
`;

const Inner = styled.div`
  max-width: 1440px;
  height: 100%;
  margin: 0 auto;
  padding: 0 20px;
  display: flex;
  align-items: center;
  gap: 12px;
  @media (max-width: 479.98px) { gap: 6px; padding: 0 12px; }
  /* The narrowest phones: the whole brand beside an admin's greeting needs every pixel. */
  @media (max-width: 359.98px) { gap: 4px; padding: 0 8px; }
`;

const Brand = styled(Link)`
  font-weight: 800;
  font-size: 1.2rem;
  color: ${theme.color.text};
  text-decoration: none;
  white-space: nowrap;
  margin-right: auto;
  /* Never cut: on a phone the actions beside it give way instead (AI Call keeps its icon alone). */
  flex: none;
  @media (max-width: 1279.98px) { font-size: 1.1rem; }
  @media (max-width: 479.98px) { font-size: 1rem; }
  @media (max-width: 359.98px) { font-size: 0.95rem; letter-spacing: -0.01em; }
`;

const DesktopNav = styled.nav`
  ul { display: flex; gap: 2px; list-style: none; margin: 0; padding: 0; }
  @media (max-width: 1279.98px) { font-size: 0.93rem; }
  @media ${theme.media.belowMenu} { display: none; }
`;

const navItemStyles = `
  display: block;
  padding: 8px;
  white-space: nowrap;
  border-radius: 8px;
  color: ${theme.color.textMuted};
  text-decoration: none;
  font-weight: 500;
  &:hover { color: ${theme.color.text}; }
  &[aria-current] { color: ${theme.color.text}; background: ${theme.color.surfaceRaised}; }
`;

const ItemLink = styled(SectionLink)`${navItemStyles}`;
const ItemRoute = styled(NavLink)`${navItemStyles}`;

const MenuButton = styled.button`
  display: none;
  flex: none;
  min-width: 44px;
  min-height: 44px;
  background: transparent;
  color: ${theme.color.text};
  border: 1px solid ${theme.color.border};
  border-radius: 10px;
  font-size: 1.3rem;
  cursor: pointer;
  @media ${theme.media.belowMenu} { display: inline-flex; align-items: center; justify-content: center; }
  /* Pressed before the page is live: too narrow for the word, which goes below it instead. */
  &&[aria-busy='true']::after { inset: calc(100% + 4px) 0 auto auto; padding: 2px 8px; border-radius: 6px; }
`;

const MobilePanel = styled.nav`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  background: ${theme.color.bg};
  border-bottom: 1px solid ${theme.color.border};
  padding: 12px 20px 20px;
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
`;

/** `current`: the home section in view (a location on this page), or the section a page belongs to ("true": the link is not the page itself). */
function NavItems({ current, onNavigate }: { current: { section: string; kind: 'location' | 'true' } | null; onNavigate?: () => void }) {
  return (
    <ul>
      {mainNav.map((item) => (
        <li key={item.label}>
          {item.section ? (
            <ItemLink
              section={item.section}
              onNavigate={onNavigate}
              aria-current={current?.section === item.section ? current.kind : undefined}
            >
              {item.label}
            </ItemLink>
          ) : (
            <ItemRoute to={item.path ?? '/'} onClick={onNavigate}>
              {item.label}
            </ItemRoute>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const { progress, scrolled } = useHeaderScroll();
  const inView = useScrollSpy(homeSections, pathname === '/');
  const pageSection = sectionOfPath(pathname);
  const current = pathname === '/' ? (inView ? { section: inView, kind: 'location' as const } : null) : pageSection ? { section: pageSection, kind: 'true' as const } : null;
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();

  // The hamburger menu exists only below 1024px: it closes when the window grows past that.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${BREAKPOINT.menu}px)`);
    const onChange = () => {
      if (query.matches) setMenuOpen(false);
    };
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Bar
      className={scrolled ? 'scrolled' : undefined}
      data-scrolled={scrolled ? 'true' : 'false'}
      style={{ ['--header-alpha' as string]: String(Math.max(progress, menuOpen ? 1 : 0)) }}
    >
      <Inner>
        <Brand to="/" title={site.name}>
          {site.name}
        </Brand>
        <DesktopNav aria-label="Main">
          <NavItems current={current} />
        </DesktopNav>
        <AiCallButton />
        <HeaderActions />
        <MenuButton
          type="button"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          data-replay="menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </MenuButton>
      </Inner>
      {menuOpen && (
        <MobilePanel id={panelId} aria-label="Main (mobile)">
          <NavItems current={current} onNavigate={() => setMenuOpen(false)} />
          <MenuLogout />
        </MobilePanel>
      )}
    </Bar>
  );
}
