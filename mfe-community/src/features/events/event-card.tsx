import { useId, useRef } from 'react';
import styled from 'styled-components';
import type { Event } from '@site/shared/contracts/events';
import { eventPath } from '@site/shared/site-config';
import { Button } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';
import { When } from '@site/shared/ui/when';
import { preview } from '../../lib/preview';

const Card = styled.article`
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 8px;
  height: 100%;
  padding: 24px;
  cursor: pointer;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  &:hover, &:focus-within { border-color: ${theme.color.primary}; }
  h3 { margin: 0; font-size: 1.15rem; }
  time, span { color: ${theme.color.textMuted}; font-size: 0.95rem; }
  p { margin: 0; flex: 1; }
  button { align-self: flex-start; margin-top: 8px; }
  /* Pressed before the page is live: the hint sits inside the card, not over the next one. */
  &&[aria-busy='true']::after { inset: auto 12px 12px auto; padding: 2px 8px; border-radius: 6px; }
`;

/**
 * An event in the carousel: an article with a heading that links the event's page (a heading
 * inside a button is invalid) and one button with a short name. A click anywhere on the card opens the details too, for the mouse;
 * it goes through the button so the modal returns focus there when it closes.
 */
export function EventCard({ event, onOpen }: { event: Event; onOpen: (event: Event) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const open = () => {
    button.current?.focus();
    onOpen(event);
  };
  return (
    <Card
      aria-labelledby={titleId}
      data-replay={`event:${event.id}`}
      onClick={(click) => {
        // Links or the button itself handle their own clicks.
        if (!(click.target as HTMLElement).closest('a, button')) open();
      }}
    >
      <h3 id={titleId}>
        {/* The event's own page for crawlers, new tabs and pages without JavaScript; a plain click opens the details. */}
        <a
          href={eventPath(event.slug)}
          onClick={(click) => {
            if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
            click.preventDefault();
            open();
          }}
        >
          {event.title}
        </a>
      </h3>
      <When iso={event.start_time} />
      <span>{event.location}</span>
      <p>{preview(event.description)}</p>
      <Button ref={button} type="button" $variant="ghost" aria-haspopup="dialog" aria-label={`View details: ${event.title}`} data-replay={`event-details:${event.id}`} onClick={open}>
        View details
      </Button>
    </Card>
  );
}
