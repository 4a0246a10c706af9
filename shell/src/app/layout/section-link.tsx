import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface Props {
  section: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  'aria-current'?: 'location' | 'true' | undefined;
}

/** A link to a home-page section: `#id` on the home page, `/#id` elsewhere. */
export function SectionLink({ section, children, className, onNavigate, ...rest }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onHome = pathname === '/';
  const href = onHome ? `#${section}` : `/#${section}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onNavigate?.();
    navigate({ pathname: '/', hash: `#${section}` });
  };
  return (
    <a href={href} className={className} onClick={onClick} aria-current={rest['aria-current']}>
      {children}
    </a>
  );
}
