import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { ScrollManager } from './scroll-manager';
import { Header } from './header';
import { Footer } from './footer';
import { useSessionBootstrap } from '../../features/session/use-session-bootstrap';

const SkipLink = styled.a`
  position: absolute;
  left: 12px;
  top: -60px;
  z-index: 1000;
  padding: 8px 14px;
  background: ${theme.color.primary};
  color: ${theme.color.onPrimary};
  border-radius: ${theme.radius.sm};
  &:focus { top: 12px; }
`;

/** Header and footer are part of the public site only, not of /admin or /login. */
export const isChromeless = (pathname: string): boolean =>
  pathname.startsWith('/admin') || pathname.startsWith('/login');

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const chromeless = isChromeless(pathname);
  useSessionBootstrap();
  return (
    <>
      <ScrollManager />
      {!chromeless && <SkipLink href="#main">Skip to content</SkipLink>}
      {!chromeless && <Header />}
      {children}
      {!chromeless && <Footer />}
    </>
  );
}
