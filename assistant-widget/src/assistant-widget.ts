// The built-in AI assistant: a custom element that answers from the site's own content (knowledge.ts,
// compiled in from the site config). Built into one minified script the api serves at
// /ai-widget/assistant.js; the shell loads it once the page is idle.
import { formatRupees as rupees } from '@site/shared/money';
import { brandColors as c, builtInAssistant } from '@site/shared/site-config';
import type { AssistantKnowledge } from './knowledge';

export const ASSISTANT_TAG = builtInAssistant.element;

/** Line icons drawn like the header's AI Call icon (24-unit grid, current colour): emoji render as empty boxes where a phone has no emoji font. */
const icon = (paths: string) =>
  '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' + paths + '</svg>';
const ICON = {
  speaker: icon('<path d="M11 5 6 9H3v6h3l5 4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"/>'),
  mic: icon('<path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3"/>'),
  close: icon('<path d="M6 6l12 12M18 6 6 18"/>'),
} as const;

interface Action {
  label: string;
  href: string;
}
interface Reply {
  text: string;
  actions: Action[];
}
interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: { [index: number]: { [index: number]: { transcript: string } } } }) => void) | null;
  onend: (() => void) | null;
  start(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

/**
 * Defines the element (once) with what it knows. `loadCatalogue` fills in the consultation packages
 * the first time the widget is opened (not on every page the element is added to); a question asked
 * before it has answered waits for it.
 */
export function defineAssistant(kb: AssistantKnowledge, loadCatalogue?: () => Promise<void>): void {
  const TAG = ASSISTANT_TAG;
  if (customElements.get(TAG)) return;
  let catalogue: Promise<void> | undefined;
  const catalogueLoaded = () => (catalogue ??= loadCatalogue ? loadCatalogue().catch(() => undefined) : Promise.resolve());
  let catalogueSettled = !loadCatalogue;

  const CSS =
    `:host{position:fixed;right:20px;bottom:20px;z-index:1001;width:min(380px,calc(100vw - 40px));font-family:system-ui,sans-serif;color:${c.text}}` +
    // A phone gives the panel its whole width but a margin, so the question, mic and Send fit down to 320px.
    '@media (max-width:479.98px){:host{right:8px;bottom:8px;width:calc(100vw - 16px)}form{padding:10px 12px}}' +
    `.panel{display:flex;flex-direction:column;max-height:min(560px,calc(100vh - 120px));background:${c.surface};border:1px solid ${c.border};border-radius:20px;box-shadow:0 20px 60px rgba(0,0,0,.5);overflow:hidden}` +
    `header{display:flex;align-items:center;justify-content:space-between;padding:12px 16px;border-bottom:1px solid ${c.border}}` +
    'h2{margin:0;font-size:1rem}' +
    '.log{flex:1;overflow:auto;padding:12px 16px;display:grid;gap:10px;align-content:start}' +
    '.msg{margin:0;padding:8px 12px;border-radius:12px;line-height:1.5;max-width:90%}' +
    `.bot{background:${c.surfaceRaised}}.me{background:${c.primary};color:${c.bg};justify-self:end}` +
    `.actions{display:flex;flex-wrap:wrap;gap:8px}.actions a{color:${c.accent};font-weight:600}` +
    `form{display:flex;gap:8px;padding:12px 16px;border-top:1px solid ${c.border}}` +
    `input{flex:1;min-width:0;min-height:44px;padding:8px 12px;border-radius:10px;border:1px solid ${c.border};background:${c.bg};color:${c.text};font:inherit}` +
    `button{flex:none;display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;border-radius:10px;border:1px solid ${c.border};background:${c.surfaceRaised};color:${c.text};font:inherit;cursor:pointer}` +
    `button.send{background:${c.primary};color:${c.bg};font-weight:700;border:0;padding:0 14px;white-space:nowrap}` +
    'header div{display:flex;gap:8px}svg{width:20px;height:20px}' +
    `button[aria-pressed=true]{background:${c.accent};color:${c.bg}}` +
    `:focus-visible{outline:3px solid ${c.focus};outline-offset:2px}` +
    '.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}';

  const has = (text: string, words: readonly string[]) => words.some((w) => text.indexOf(w) !== -1);
  const pad = (n: number) => (n < 10 ? '0' : '') + n;
  const hoursText = 'Consultations can be booked every day from ' + pad(kb.hours.first) + ':00 to ' + pad(kb.hours.last) +
    ':00 ' + kb.hours.zone + ', in ' + kb.hours.stepMinutes + '-minute steps.';
  const booking: Action = { label: 'Open booking', href: kb.links.booking };
  const contact: Action = { label: 'Contact us', href: kb.links.contact };

  function describePackage(p: AssistantKnowledge['packages'][number]): string {
    return p.price === null
      ? p.name + ': custom pricing, ' + p.summary + '.'
      : p.name + ': ' + rupees(p.price) + ' for ' + p.duration + ' minutes, ' + p.summary + '.';
  }

  /** Keyword matching over the site's content: predictable, private, and needs no server. */
  function answer(question: string): Reply {
    const q = question.toLowerCase();
    const pkg = kb.packages.find((p) => has(q, p.keywords));
    const priceWords = ['price', 'cost', 'fee', 'how much', 'inr', '₹', 'rupee', 'package', 'plan', 'pricing', 'charge'];
    if (pkg && (has(q, priceWords) || has(q, ['audit', 'roadmap', 'starter']))) {
      return { text: describePackage(pkg), actions: pkg.price === null ? [contact] : [booking] };
    }
    if (has(q, priceWords) && kb.packages.length === 0) {
      return { text: 'You will find our consultation packages and their prices in the booking section.', actions: [booking, contact] };
    }
    if (has(q, priceWords)) {
      return { text: 'We offer ' + kb.packages.length + ' consultation packages. ' + kb.packages.map(describePackage).join(' '), actions: [booking, contact] };
    }
    if (has(q, ['hour', 'time', 'when', 'available', 'availability', 'slot', 'schedule', 'timing', 'open'])) {
      return { text: hoursText + ' Pick a package and a time in the booking section.', actions: [booking] };
    }
    if (has(q, ['book', 'appointment', 'consult', 'meeting', 'call'])) {
      return { text: 'You can book a consultation online: choose a package, an e-mail address and a time. ' + hoursText, actions: [booking] };
    }
    const service = kb.services.find((s) => has(q, s.keywords));
    if (service) {
      return { text: service.title + ': ' + service.summary, actions: [{ label: 'Learn more', href: '/services/' + service.slug }, contact] };
    }
    if (has(q, ['contact', 'email', 'e-mail', 'reach', 'talk', 'human', 'phone', 'quote'])) {
      return { text: 'Write to us at ' + kb.email + ' or use the contact form, and we reply within one business day.', actions: [contact] };
    }
    if (has(q, ['service', 'offer', 'what do you', 'help', 'do you do', 'build'])) {
      return { text: kb.company + ' builds: ' + kb.services.map((s) => s.title).join(', ') + '.', actions: [{ label: 'See our services', href: kb.links.services }] };
    }
    if (has(q, ['hello', 'hi', 'hey', 'namaste'])) {
      return { text: 'Hello! Ask me about our services, prices or booking hours.', actions: [] };
    }
    return {
      text: 'I can answer questions about our services, consultation prices and booking hours. For anything else, our team is happy to help.',
      actions: [booking, contact],
    };
  }

  class Assistant extends HTMLElement {
    private log!: HTMLElement;
    private input!: HTMLInputElement;
    private speak = false;
    private greeted = false;

    connectedCallback(): void {
      if (this.shadowRoot) return;
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML =
        '<style>' + CSS + '</style>' +
        '<section class="panel" role="dialog" aria-label="' + kb.company + ' assistant">' +
        '<header><h2>' + kb.company + ' assistant</h2><div>' +
        '<button type="button" class="voice" aria-pressed="false" title="Read answers aloud">' + ICON.speaker + '<span class="vh">Read answers aloud</span></button>' +
        '<button type="button" class="close" aria-label="Close assistant">' + ICON.close + '</button></div></header>' +
        '<div class="log" role="log" aria-live="polite"></div>' +
        '<form><label class="vh" for="q">Your question</label>' +
        '<input id="q" name="q" autocomplete="off" placeholder="Ask about services, prices, hours…" maxlength="300">' +
        '<button type="button" class="mic" hidden aria-pressed="false" title="Speak your question">' + ICON.mic + '<span class="vh">Speak your question</span></button>' +
        '<button type="submit" class="send">Send</button></form></section>';
      this.log = root.querySelector<HTMLElement>('.log')!;
      this.input = root.querySelector('input')!;
      root.querySelector('form')!.addEventListener('submit', (e) => { e.preventDefault(); this.ask(this.input.value); });
      root.querySelector('.close')!.addEventListener('click', () => this.close());
      const voice = root.querySelector<HTMLButtonElement>('.voice')!;
      if (!('speechSynthesis' in window)) voice.hidden = true;
      voice.addEventListener('click', () => {
        this.speak = !this.speak;
        voice.setAttribute('aria-pressed', String(this.speak));
        if (!this.speak) window.speechSynthesis.cancel();
      });
      this.setUpMic(root.querySelector<HTMLButtonElement>('.mic')!);
      this.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.close(); });
    }

    setUpMic(button: HTMLButtonElement): void {
      const speech = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
      const Recognition = speech.SpeechRecognition || speech.webkitSpeechRecognition;
      if (!Recognition) return;
      button.hidden = false;
      button.addEventListener('click', () => {
        const rec = new Recognition();
        rec.lang = 'en-IN';
        rec.interimResults = false;
        // Spoken questions get spoken answers.
        rec.onresult = (e) => { this.speak = 'speechSynthesis' in window; this.ask(e.results[0]![0]!.transcript); };
        rec.onend = function () { button.setAttribute('aria-pressed', 'false'); };
        button.setAttribute('aria-pressed', 'true');
        rec.start();
      });
    }

    say(text: string, who: 'me' | 'bot', actions?: Action[]): void {
      const p = document.createElement('p');
      p.className = 'msg ' + who;
      p.textContent = text;
      this.log.appendChild(p);
      if (actions && actions.length) {
        const row = document.createElement('div');
        row.className = 'actions';
        actions.forEach((action) => {
          const a = document.createElement('a');
          a.href = action.href;
          a.textContent = action.label;
          a.addEventListener('click', this.navigate.bind(this, action.href));
          row.appendChild(a);
        });
        this.log.appendChild(row);
      }
      this.log.scrollTop = this.log.scrollHeight;
      if (who === 'bot' && this.speak && 'speechSynthesis' in window) {
        window.speechSynthesis.cancel();
        window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
      }
    }

    /** The host page may route in-app (it cancels the event); otherwise follow the link. */
    navigate(href: string, event: Event): void {
      event.preventDefault();
      const handled = !this.dispatchEvent(new CustomEvent('assistant-navigate', { detail: { href: href }, cancelable: true, bubbles: true }));
      this.close();
      if (!handled) window.location.assign(href);
    }

    ask(question: string): void {
      const text = String(question || '').trim();
      if (!text) return;
      this.input.value = '';
      this.say(text, 'me');
      const reply = () => {
        const found = answer(text);
        this.say(found.text, 'bot', found.actions);
      };
      if (catalogueSettled) reply();
      else void catalogueLoaded().then(reply);
    }

    open(): void {
      this.style.display = '';
      void catalogueLoaded().then(() => (catalogueSettled = true));
      if (!this.greeted) {
        this.greeted = true;
        this.say('Hi! I am the ' + kb.company + ' assistant. Ask me about our services, prices or booking hours.', 'bot', [booking, contact]);
      }
      this.input.focus();
    }

    close(): void {
      if ('speechSynthesis' in window) window.speechSynthesis.cancel();
      this.dispatchEvent(new CustomEvent('assistant-close', { bubbles: true }));
    }
  }

  customElements.define(TAG, Assistant);
}
