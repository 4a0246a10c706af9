import { Suspense, use, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Remote, holdLive, preloadRemote } from '@site/shared/remote';
import type { ComposedId } from '../../composed-types';
import { useNearViewport } from '../../components/use-near-viewport';

const BOOKING = 'mfe_commerce/BookingSection' satisfies ComposedId;

/**
 * The booking section's height before its remote arrives in a page the browser renders itself (a
 * visit that started on another page), so nothing below it moves when it does. Measured from the
 * built section at each width (three, two, then one column of packages); each value is the
 * smallest height in its range, so the slot never ends taller than the section.
 */
const Slot = styled.section`
  min-height: 690px;
  @media (max-width: 1199.98px) { min-height: 715px; }
  @media (max-width: 1100px) { min-height: 770px; }
  @media (max-width: 1000px) { min-height: 820px; }
  @media (max-width: 860px) { min-height: 1095px; }
  @media (max-width: 767.98px) { min-height: 1260px; }
  @media (max-width: 599.98px) { min-height: 1500px; }
  @media (max-width: 440px) { min-height: 1535px; }
  @media (max-width: 399.98px) { min-height: 1610px; }
  @media (max-width: 375px) { min-height: 1730px; }
`;

/** The server renders the section whole; the browser waits (keeping that HTML) until it is wanted. */
const onServer = typeof document === 'undefined';

function WhenWanted({ ready, onSettled }: { ready: Promise<void>; onSettled: () => void }) {
  // Suspending while hydrating leaves the server's HTML in place, shown and unshifted, until the
  // promise settles; commerce's code is fetched only then.
  if (!onServer) use(ready);
  return <Remote id={BOOKING} what="booking" onSettled={onSettled} fallback={<p role="status" style={{ textAlign: 'center', paddingTop: 120 }}>Loading packages…</p>} />;
}

/**
 * The pricing section belongs to commerce. The server renders it with the catalogue (the home
 * page's preloaded read), so a visitor sees every package at once, without JavaScript too; its code
 * is fetched only when the section approaches the viewport or the address asks for it (#pricing),
 * and it takes over the server's HTML once loaded.
 */
export function PricingSlot() {
  const [ref, wanted, looked] = useNearViewport<HTMLElement>('#pricing');
  const [gate] = useState(() => {
    let open!: () => void;
    return { ready: new Promise<void>((resolve) => (open = resolve)), open, release: () => {} };
  });
  // A Book Now pressed before the page is live is kept until then (api/src/lib/early-presses.ts):
  // the page is live only once the section can act, when it is wanted from the start.
  useEffect(() => {
    gate.release = holdLive();
    return () => gate.release();
  }, [gate]);
  useEffect(() => {
    if (looked && !wanted) gate.release();
  }, [looked, wanted, gate]);
  useEffect(() => {
    // Loaded first, so the server's buttons are not left without their code while it arrives.
    if (wanted) void preloadRemote(BOOKING).then(gate.open);
  }, [wanted, gate]);
  // The same element on every render: new props for a boundary still holding the server's HTML
  // would make React drop that HTML and show the fallback instead.
  const section = useMemo(
    () => (
      <Suspense fallback={<p role="status" style={{ textAlign: 'center', paddingTop: 120 }}>Loading packages…</p>}>
        <WhenWanted ready={gate.ready} onSettled={() => gate.release()} />
      </Suspense>
    ),
    [gate],
  );

  return (
    <Slot id="pricing" ref={ref} aria-label="Book a consultation">
      {section}
    </Slot>
  );
}
