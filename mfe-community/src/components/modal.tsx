import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';

// The platform's modal dialog: in the top layer above the fixed header, the rest of the page inert,
// focus moved in on open and back to the opener on close, Escape closes; Tab wraps (wrapTab). No padding of its own, so
// a press on the dialog element itself is a press on its backdrop.
const Dialog = styled.dialog`
  width: min(640px, calc(100% - 40px));
  max-height: calc(100vh - 40px);
  padding: 0;
  overflow: hidden;
  color: inherit;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  &::backdrop { background: rgba(5, 8, 20, 0.75); }
`;

const Panel = styled.div`
  max-height: calc(100vh - 40px);
  overflow-y: auto;
  padding: 28px;
`;

const Header = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 16px;
  h2 { margin: 0; }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes back to the first (and Shift+Tab the other way), not out to the browser. */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const [first, last] = [controls[0], controls.at(-1)];
  if (document.activeElement !== (event.shiftKey ? first : last)) return;
  event.preventDefault();
  (event.shiftKey ? last : first)?.focus();
}

/** Locks page scroll while mounted and restores exactly what was there before. */
/** Locks page scroll; the returned function unlocks it (calling it twice is harmless). */
function lockScroll(): () => void {
  const { documentElement: html, body } = document;
  const previous = [html.style.overflow, body.style.overflow] as const;
  html.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  return () => {
    html.style.overflow = previous[0];
    body.style.overflow = previous[1];
  };
}

interface ModalProps {
  title: string;
  /** Called when the visitor closes the dialog (close button, Escape, backdrop): unmount it then. */
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog (`<dialog>` opened with `showModal()`), shown while mounted, with page scroll locked. */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // Before the browser paints, and closed (not merely removed) on unmount, so focus goes back. The
  // page scrolls again the moment the dialog closes (Escape closes it before React unmounts it).
  useLayoutEffect(() => {
    const node = dialog.current!;
    const unlockScroll = lockScroll();
    node.showModal();
    const onNativeClose = () => {
      unlockScroll();
      close.current();
    };
    node.addEventListener('close', onNativeClose);
    return () => {
      node.removeEventListener('close', onNativeClose);
      if (node.open) node.close();
      unlockScroll();
    };
  }, []);

  return (
    <Dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={wrapTab}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <Panel>
        <Header>
          <h2 id={titleId}>{title}</h2>
          <Button type="button" $variant="ghost" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </Button>
        </Header>
        {children}
      </Panel>
    </Dialog>
  );
}
