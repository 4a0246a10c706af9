import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_TAG, defineAssistant } from './assistant-widget';
import { assistantKnowledge } from './knowledge';

type Widget = HTMLElement & { open(): void; ask(question: string): void };

function mount(): Widget {
  const element = document.createElement(ASSISTANT_TAG) as Widget;
  document.body.appendChild(element);
  element.open();
  return element;
}
const logOf = (element: Widget) => element.shadowRoot!.querySelector('[role="log"]')!;

describe('the built-in assistant', () => {
  beforeAll(() => defineAssistant(assistantKnowledge));

  it('greets, and answers prices, durations and booking hours from the site config', () => {
    const element = mount();
    const log = logOf(element);
    expect(element.shadowRoot!.querySelector('[role="dialog"]')!.getAttribute('aria-label')).toBe('Tiny Titans AI assistant');
    expect(log.textContent).toContain('Hi! I am the Tiny Titans AI assistant.');
    element.ask('How much is the AI Readiness Audit?');
    expect(log.textContent).toContain('₹2,100');
    expect(log.textContent).toContain('90 minutes');
    element.ask('What are your booking hours?');
    expect(log.textContent).toContain('09:00 to 18:00 IST, in 15-minute steps');
    element.ask('Tell me about the starter call price');
    expect(log.textContent).toContain('₹1,200');
    element.ask('Do you build chatbots?');
    expect(log.querySelector('a[href="/services/ai-chatbots"]')?.textContent).toBe('Learn more');
  });

  it('lets the page route its links, and closes', () => {
    const element = mount();
    const navigate = vi.fn((event: Event) => event.preventDefault());
    const close = vi.fn();
    element.addEventListener('assistant-navigate', navigate);
    element.addEventListener('assistant-close', close);
    element.ask('I want to book a consultation');
    const link = [...logOf(element).querySelectorAll('a')].filter((a) => a.textContent === 'Open booking').pop()!;
    link.click();
    expect((navigate.mock.calls[0]![0] as CustomEvent<{ href: string }>).detail.href).toBe('/#pricing');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('is defined once', () => {
    const first = customElements.get(ASSISTANT_TAG);
    defineAssistant(assistantKnowledge);
    expect(customElements.get(ASSISTANT_TAG)).toBe(first);
  });
});
