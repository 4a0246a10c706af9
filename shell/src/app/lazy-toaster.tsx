import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { setToasterMount } from '@site/shared/toast';
import { TOAST_DURATION } from '@site/shared/constants';
import { HEADER, TOAST_LIMIT } from './timings';

/** sonner lays toasts out full-width below 600px: there they go at the top, just below the header. */
const PHONE = '(max-width: 599.98px)';

/*
 * On a phone a toast at the bottom covers what was just pressed or brought into view (a form's
 * buttons, a confirmation's links, which pages scroll to the bottom edge): it shows at the top,
 * below the header, over text rather than controls. A wide screen keeps the corner.
 */
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

// The server render (and hydration) have no screen: the corner, until the browser says it is a phone.
function useOnPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches, () => false);
}

const Toaster = lazy(() => import('sonner').then((mod) => ({ default: mod.Toaster })));

// Its effect runs after the Toaster's own (siblings commit in order), i.e. once the Toaster listens.
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

/** The one Toaster, fetched and mounted with the first toast of the visit. */
export function LazyToaster() {
  const [waiting, setWaiting] = useState<(() => void)[] | null>(null);
  const phone = useOnPhone();
  useEffect(() => {
    setToasterMount(
      () =>
        new Promise<void>((resolve) => {
          setWaiting((list) => [...(list ?? []), resolve]);
        }),
    );
  }, []);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={phone ? 'top-center' : 'bottom-right'}
        mobileOffset={{ top: HEADER.tallPx + 8, left: 12, right: 12 }}
        theme="dark"
        richColors
        closeButton
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION.plain}
      />
      <Mounted onMounted={() => waiting.forEach((resolve) => resolve())} />
    </Suspense>
  );
}
