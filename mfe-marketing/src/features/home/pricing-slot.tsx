import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Remote } from '@site/shared/remote';

/**
 * The pricing section belongs to commerce: its remote is fetched only when the section approaches
 * the viewport or the address asks for it (#pricing).
 */
export function PricingSlot() {
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const [wanted, setWanted] = useState(hash === '#pricing');

  useEffect(() => {
    if (hash === '#pricing') setWanted(true);
  }, [hash]);

  useEffect(() => {
    const node = ref.current;
    if (wanted || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [wanted]);

  return (
    <section id="pricing" ref={ref} aria-label="Book a consultation" style={{ minHeight: 480 }}>
      {wanted ? (
        <Remote id="mfe_commerce/BookingSection" what="booking" fallback={<p role="status" style={{ textAlign: 'center', paddingTop: 120 }}>Loading packages…</p>} />
      ) : null}
    </section>
  );
}
