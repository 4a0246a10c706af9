/**
 * Keeps keyboard focus inside the open assistant: everything else on the page becomes `inert`
 * (not focusable, hidden from assistive tech), and Tab wraps from the widget's last control to its
 * first. The backdrop stays live so a click on it still closes the widget.
 */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The widget's visible focusable controls, looking into its shadow root when it is open. */
function focusables(widget: HTMLElement): HTMLElement[] {
  const root: ParentNode = widget.shadowRoot ?? widget;
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.getClientRects().length > 0);
}

/** The focused element, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Contains focus in `widget` until the returned function is called. */
export function containFocus(widget: HTMLElement, keepLive: (Element | null)[]): () => void {
  const madeInert: HTMLElement[] = [];
  for (const child of Array.from(document.body.children) as HTMLElement[]) {
    if (child === widget || keepLive.includes(child) || child.inert || child.tagName === 'SCRIPT') continue;
    child.inert = true;
    madeInert.push(child);
  }

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const controls = focusables(widget);
    // A closed shadow root hides its controls: `inert` alone then keeps focus off the page.
    if (controls.length === 0) return;
    const first = controls[0]!;
    const last = controls[controls.length - 1]!;
    const active = deepActive();
    const inside = active !== null && (widget.contains(active) || widget.shadowRoot?.contains(active) === true);
    if (!inside || (event.shiftKey && active === first)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey, true);

  return () => {
    document.removeEventListener('keydown', onKey, true);
    for (const node of madeInert) node.inert = false;
  };
}
