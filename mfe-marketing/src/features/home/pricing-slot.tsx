import styled from 'styled-components';
import { Remote } from '@site/shared/remote';
import type { ComposedId } from '../../composed-types';
import { useNearViewport } from '../../components/use-near-viewport';

/**
 * The booking section's height before its remote arrives, so nothing below it moves when it does.
 * Measured from the built section at each width (three, two, then one column of packages); each
 * value is the smallest height in its range, so the slot never ends taller than the section.
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

/**
 * The pricing section belongs to commerce: its remote is fetched only when the section approaches
 * the viewport or the address asks for it (#pricing).
 */
export function PricingSlot() {
  const [ref, wanted] = useNearViewport<HTMLElement>('#pricing');

  return (
    <Slot id="pricing" ref={ref} aria-label="Book a consultation">
      {wanted ? (
        <Remote id={'mfe_commerce/BookingSection' satisfies ComposedId} what="booking" fallback={<p role="status" style={{ textAlign: 'center', paddingTop: 120 }}>Loading packages…</p>} />
      ) : null}
    </Slot>
  );
}
