import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { useAssistant } from './assistant-store';
import { closeAssistant, openAssistant, returnFocus } from './assistant-actions';
import { containFocus } from './contain-focus';
import { firstPageSettled } from '../../lib/first-page';

const CallButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 8px 14px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.accent};
  background: transparent;
  color: ${theme.color.text};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
  .short { display: none; }
  @media ${theme.media.mobile} {
    padding-inline: 10px;
    .long { display: none; }
    .short { display: inline; }
  }
  /* A phone: the brand beside it needs the room, so only the icon shows (its name stays for
     assistive technology, and in the title). */
  @media (max-width: 479.98px) {
    padding-inline: 12px;
    .short {
      position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
      overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
    }
  }
  /* Narrow desktops: the full navigation needs the room, so only the icon shows (the label stays for
     assistive technology). */
  @media (min-width: 1024px) and (max-width: 1279.98px) {
    padding-inline: 10px;
    .long {
      position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
      overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
    }
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(5, 8, 18, 0.6);
  backdrop-filter: blur(2px);
`;

/** Starts loading the assistant once the first page's remote is in and the browser is idle, so it never competes with the page. */
function useStartWhenIdle(): void {
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      if (!cancelled) void import('./load-widget').then(({ startAssistant }) => startAssistant());
    };
    // Safari has no requestIdleCallback: a short delay after load serves the same purpose.
    const whenIdle = () =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 1500);
    void firstPageSettled().then(() => {
      if (cancelled) return;
      if (document.readyState === 'complete') whenIdle();
      else window.addEventListener('load', whenIdle, { once: true });
    });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, []);
}

/** Routes the widget's own links (booking, contact) inside the app, and closes on its close button. */
function useWidgetEvents(element: HTMLElement | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!element) return;
    const onNavigate = (event: Event) => {
      const href = (event as CustomEvent<{ href?: string }>).detail?.href;
      if (!href?.startsWith('/')) return;
      event.preventDefault();
      closeAssistant({ restoreFocus: false });
      navigate(href);
    };
    const onClose = () => closeAssistant();
    element.addEventListener('assistant-navigate', onNavigate);
    element.addEventListener('assistant-close', onClose);
    return () => {
      element.removeEventListener('assistant-navigate', onNavigate);
      element.removeEventListener('assistant-close', onClose);
    };
  }, [element, navigate]);
}

export function AiCallButton() {
  const status = useAssistant((s) => s.status);
  const open = useAssistant((s) => s.open);
  const element = useAssistant((s) => s.element);
  const backdrop = useRef<HTMLDivElement>(null);
  useStartWhenIdle();
  useWidgetEvents(element);

  useEffect(() => {
    if (!open || !element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeAssistant();
    };
    window.addEventListener('keydown', onKey);
    // The rest of the page is inert while the widget is open; the backdrop stays clickable.
    const release = containFocus(element, [backdrop.current]);
    return () => {
      window.removeEventListener('keydown', onKey);
      release();
      returnFocus();
    };
  }, [open, element]);

  return (
    <>
      {/* aria-disabled rather than disabled: a click while not ready still explains why. */}
      <CallButton type="button" title="Start a call with AI" aria-disabled={status !== 'ready'} data-status={status} onClick={(event) => openAssistant(event.currentTarget)}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
        </svg>
        <span className="long">Start a call with AI</span>
        <span className="short">AI Call</span>
      </CallButton>
      {open && createPortal(<Backdrop ref={backdrop} data-testid="ai-assistant-backdrop" onClick={() => closeAssistant()} />, document.body)}
    </>
  );
}
