import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { ButtonRow } from './layout';

const VISIBLE = 3;

const Track = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(${VISIBLE}, minmax(0, 1fr));
  gap: 20px;
  @media ${theme.media.mobile} {
    grid-template-columns: 1fr;
    li:nth-child(n + 2) { display: none; }
  }
`;

const Controls = styled(ButtonRow)`
  align-items: center;
`;

const Position = styled.p`
  margin: 0;
  color: ${theme.color.textMuted};
`;

interface CarouselProps<T> {
  /** Accessible name of the carousel, e.g. "Upcoming events". */
  label: string;
  /** Plural noun for the buttons, e.g. "events". */
  noun: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/** Shows up to three items from a start index; previous and next wrap around at both ends. */
export function Carousel<T>({ label, noun, items, itemKey, renderItem }: CarouselProps<T>) {
  const [start, setStart] = useState(0);
  const count = items.length;
  const first = count ? start % count : 0;
  const shown = Array.from({ length: Math.min(VISIBLE, count) }, (_, offset) => (first + offset) % count);
  // The others follow, hidden: each item's links stay in the page for crawlers and no-script visitors.
  const order = [...shown, ...items.map((_, index) => index).filter((index) => !shown.includes(index))];
  const move = (step: number) => setStart((current) => (((current + step) % count) + count) % count);

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label}>
      <Track>
        {order.map((index, at) => (
          <li key={itemKey(items[index]!)} hidden={at >= shown.length}>
            {renderItem(items[index]!)}
          </li>
        ))}
      </Track>
      {count > 1 && (
        <Controls>
          <Button type="button" $variant="ghost" aria-label={`Previous ${noun}`} data-replay={`${label}:previous`} onClick={() => move(-1)}>
            <span aria-hidden="true">←</span> Previous
          </Button>
          <Position aria-live="polite">
            {first + 1} of {count}
          </Position>
          <Button type="button" $variant="ghost" aria-label={`Next ${noun}`} data-replay={`${label}:next`} onClick={() => move(1)}>
            Next <span aria-hidden="true">→</span>
          </Button>
        </Controls>
      )}
    </div>
  );
}
