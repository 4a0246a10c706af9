import { toast } from '@site/shared/toast';
import { ASSISTANT_MESSAGES, useAssistant } from './assistant-store';

type WidgetElement = HTMLElement & { open?: () => void };

/** The control that opened the widget, where focus goes back when it closes. */
let opener: HTMLElement | null = null;
/** Set on close; focused once the page is no longer inert (see returnFocus). */
let focusTarget: HTMLElement | null = null;

/** Shows the widget and the backdrop, or explains why it cannot. */
export function openAssistant(from?: HTMLElement | null): void {
  const { status, error, element } = useAssistant.getState();
  if (status === 'error') {
    toast.error(error ?? ASSISTANT_MESSAGES.notFound);
    return;
  }
  if (status !== 'ready' || !element) {
    toast.message(ASSISTANT_MESSAGES.loading);
    return;
  }
  try {
    opener = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    element.style.display = '';
    (element as WidgetElement).open?.();
    useAssistant.setState({ open: true });
    toast.success(ASSISTANT_MESSAGES.opened);
  } catch {
    element.style.display = 'none';
    useAssistant.setState({ open: false });
    toast.error(ASSISTANT_MESSAGES.openFailed);
  }
}

/**
 * Hides the widget and the backdrop. Focus returns to the opener, unless the widget closed to
 * follow one of its links (the new page then decides where focus goes).
 */
export function closeAssistant({ restoreFocus = true }: { restoreFocus?: boolean } = {}): void {
  const { element, open } = useAssistant.getState();
  if (element) element.style.display = 'none';
  useAssistant.setState({ open: false });
  // Only on the close itself: the widget may report a second close after a link's.
  if (open) focusTarget = restoreFocus ? opener : null;
  opener = null;
}

/** Called when the page behind the widget is live again: focus can only land there now. */
export function returnFocus(): void {
  const target = focusTarget;
  focusTarget = null;
  if (target?.isConnected) target.focus();
}
