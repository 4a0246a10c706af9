import { Suspense, lazy, useEffect, useState } from 'react';
import { setToasterMount } from '@site/shared/toast';
import { TOAST_DURATION } from '@site/shared/constants';
import { TOAST_LIMIT } from './timings';

const Toaster = lazy(() => import('sonner').then((mod) => ({ default: mod.Toaster })));

// Its effect runs after the Toaster's own (siblings commit in order), i.e. once the Toaster listens.
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

/** The one Toaster, fetched and mounted with the first toast of the visit. */
export function LazyToaster() {
  const [waiting, setWaiting] = useState<(() => void)[] | null>(null);
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
        position="bottom-right"
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
