import { apiRequest } from '@site/shared/api-client';
import { AI_WIDGET_POLL } from '../../app/timings';
import type { AssistantConfig } from '@site/shared/contracts/marketing';
import { toast } from '@site/shared/toast';
import { ASSISTANT_MESSAGES, useAssistant } from './assistant-store';

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.aiAssistant = 'true';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

// A hand-written check of the contract rather than its zod schema: this runs at idle time on every
// page, and zod would be the largest download of a visit that opens no form.
function parseConfig(value: unknown): AssistantConfig {
  const body = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { scriptUrl, element, agentId, builtIn } = body;
  if (
    typeof scriptUrl !== 'string' ||
    scriptUrl.length === 0 ||
    typeof element !== 'string' ||
    !/^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(element) ||
    (agentId !== null && typeof agentId !== 'string') ||
    typeof builtIn !== 'boolean'
  ) {
    throw new Error('The assistant configuration is not valid');
  }
  return { scriptUrl, element, agentId, builtIn };
}

function fail(message: string): void {
  useAssistant.setState({ status: 'error', error: message });
  toast.error(message);
}

/** Ready when the element is on the page and its script has defined (upgraded) it. */
function pollForWidget(tag: string, element: HTMLElement): void {
  let tries = 0;
  const check = (): boolean => {
    tries += 1;
    if (document.body.contains(element) && customElements.get(tag)) {
      useAssistant.setState({ status: 'ready', error: null, element });
      return true;
    }
    if (tries >= AI_WIDGET_POLL.maxTries) {
      fail(ASSISTANT_MESSAGES.notFound);
      return true;
    }
    return false;
  };
  if (check()) return;
  const timer = window.setInterval(() => {
    if (check()) window.clearInterval(timer);
  }, AI_WIDGET_POLL.intervalMs);
}

/**
 * Loads the configured widget script (an external voice agent, or the product's built-in
 * assistant) and waits for its element. Lives in its own chunk, fetched once the page is idle.
 */
export async function startAssistant(): Promise<void> {
  if (useAssistant.getState().status !== 'idle') return;
  useAssistant.setState({ status: 'loading' });
  let config: AssistantConfig;
  try {
    config = parseConfig(await apiRequest('/assistant/config'));
  } catch {
    fail(ASSISTANT_MESSAGES.scriptFailed);
    return;
  }
  const element = document.createElement(config.element);
  if (config.agentId) element.setAttribute('agent-id', config.agentId);
  element.style.display = 'none';
  document.body.appendChild(element);
  try {
    await loadScript(config.scriptUrl);
  } catch {
    fail(ASSISTANT_MESSAGES.scriptFailed);
    return;
  }
  pollForWidget(config.element, element);
}
