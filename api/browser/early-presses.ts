/**
 * A server-rendered page shows its buttons before the shell has started; a press then would reach no
 * handler and be lost. Until `<html data-app="live">` (shared/src/remote.tsx), a click on a
 * `[data-replay]` control (never a link inside it: links work natively) is held: the control gets
 * `aria-busy` (the global style shows "Loading…" beside it), and each control pressed is clicked
 * again, once and in order, as soon as the page is live. The element is found again by its
 * `data-replay` key should hydration have replaced it. Inline in the page's head (src/lib/early-presses.ts).
 */
const root = document.documentElement;
const held: HTMLElement[] = [];
const live = () => root.getAttribute('data-app') === 'live';

document.addEventListener(
  'click',
  (event) => {
    const target = event.target as Element | null;
    if (live() || !target?.closest) return;
    const control = target.closest<HTMLElement>('a[href],[data-replay]');
    if (!control?.hasAttribute('data-replay')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(control)) {
      held.push(control);
      control.setAttribute('aria-busy', 'true');
    }
  },
  true,
);

new MutationObserver((_changes, observer) => {
  if (!live()) return;
  observer.disconnect();
  for (const control of held) {
    const key = control.getAttribute('data-replay');
    let now = control;
    control.removeAttribute('aria-busy');
    if (!control.isConnected) {
      for (const found of document.querySelectorAll<HTMLElement>('[data-replay]')) if (found.getAttribute('data-replay') === key) now = found;
    }
    now.click();
  }
}).observe(root, { attributes: true, attributeFilter: ['data-app'] });
