import { describe, expect, it, vi } from 'vitest';
import { ASSISTANT_TAG, defineAssistant } from './assistant-widget';
import { assistantKnowledge, loadPackages } from './knowledge';

type Widget = HTMLElement & { open(): void; ask(question: string): void };

const AUDIT = { id: '9b3e7a52-1c6d-4f08-a2b4-5d8e0f3c7a12', name: 'AI Readiness Audit', description: '', price: 2100, duration: 90, benefits: [] };

describe('the assistant and the consultation catalogue', () => {
  it('reads the catalogue when first opened, not when added to a page, and a question waits for it', async () => {
    let answer!: (list: unknown) => void;
    const fetchJson = vi.fn((url: string) => (void url, new Promise<unknown>((resolve) => (answer = resolve))));
    defineAssistant(assistantKnowledge, () => loadPackages(assistantKnowledge, fetchJson));
    const element = document.createElement(ASSISTANT_TAG) as Widget;
    document.body.appendChild(element);
    expect(fetchJson).not.toHaveBeenCalled();

    element.open();
    element.open();
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(fetchJson).toHaveBeenCalledWith('/api/bookings/packages');
    element.ask('How much is the AI Readiness Audit?');
    const log = element.shadowRoot!.querySelector('[role="log"]')!;
    expect(log.textContent).not.toContain('₹2,100');
    answer([AUDIT]);
    await vi.waitFor(() => expect(log.textContent).toContain('₹2,100'));
    expect(log.textContent).toContain('90 minutes');
  });
});
