import { toast } from '@site/shared/toast';
import { ASSISTANT_MESSAGES, useAssistant } from './assistant-store';

type WidgetElement = HTMLElement & { open?: () => void };

/** Shows the widget and the backdrop, or explains why it cannot. */
export function openAssistant(): void {
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

export function closeAssistant(): void {
  const { element } = useAssistant.getState();
  if (element) element.style.display = 'none';
  useAssistant.setState({ open: false });
}
