import styled from 'styled-components';
import type { Package } from '@site/shared/contracts/packages';
import { Button, StatusText } from '@site/shared/ui/primitives';
import { formatRupees } from '../../lib/format';
import { TEXT } from '../../lib/texts';
import { deadlinePassed } from './packages-api';
import { usePurchase } from './use-purchase';

const Wrap = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
  p { margin: 0; }
`;

export const SOLD_OUT = 'Sold out: no seats are left for this package.';
export const CLOSED = 'Registration for this package has closed.';

/** Buy with the price in rupees; says so instead when the package is sold out or closed. */
export function BuyButton({ pkg }: { pkg: Package }) {
  const { buy, processing, sdkError, unavailable } = usePurchase(pkg);
  const closed = unavailable === 'closed' || deadlinePassed(pkg);
  const soldOut = unavailable === 'sold_out';
  return (
    <Wrap>
      <Button
        type="button"
        disabled={processing || closed || soldOut}
        onClick={() => void buy()}
        aria-describedby={`package-name-${pkg.id}`}
        data-replay={`buy:${pkg.id}`}
      >
        {processing ? TEXT.processing : soldOut ? 'Sold out' : closed ? 'Registration closed' : `Buy for ${formatRupees(pkg.price)}`}
      </Button>
      {soldOut && <StatusText role="status">{SOLD_OUT}</StatusText>}
      {closed && !soldOut && <StatusText role="status">{CLOSED}</StatusText>}
      {sdkError && (
        <StatusText role="alert" $tone="error">
          {sdkError}
        </StatusText>
      )}
    </Wrap>
  );
}
