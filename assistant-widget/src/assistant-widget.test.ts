import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_TAG, defineAssistant } from './assistant-widget';
import { assistantKnowledge, loadPackages } from './knowledge';

/** The catalogue as GET /api/bookings/packages answers it after the seed. */
const CATALOGUE = [
  { id: '6f1d2c1e-8a43-4b52-9d0e-2b7c4f6a9e01', name: 'Starter Strategy Call', description: '', price: 1200, duration: 45, benefits: [] },
  { id: '9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12', name: 'AI Readiness Audit', description: '', price: 2100, duration: 90, benefits: [] },
  { id: 'c4a8e2d9-7f15-4b3a-8e6c-1a9d5b2f0c23', name: 'Custom AI Roadmap', description: '', price: 'Custom', duration: 0, benefits: [] },
];

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

  it('points to the booking section for prices until the catalogue has answered', async () => {
    const element = mount();
    element.ask('What does a consultation cost?');
    expect(logOf(element).textContent).toContain('in the booking section');
    const urls: string[] = [];
    await loadPackages(assistantKnowledge, async (url) => (urls.push(url), CATALOGUE));
    expect(urls).toEqual(['/api/bookings/packages']);
  });

  it('greets, and answers prices and durations from the catalogue and booking hours from the booking policy', async () => {
    await loadPackages(assistantKnowledge, async () => CATALOGUE);
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
