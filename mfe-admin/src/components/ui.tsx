import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { Button, controlStyle, Field, FieldError, StatusText } from '@site/shared/ui/primitives';
import { messageOf } from '@site/shared/api-client';

export const PageHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 20px;
  h1 { margin: 0; font-size: 1.8rem; }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-bottom: 16px;
  label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
  select, input { ${controlStyle('8px 10px')} }
`;

/**
 * Below this width of its box (a phone, a tablet, a small laptop beside the sidebar) a wide table's
 * rows become cards; the ~990px main column of a 1280px desktop keeps its tables.
 */
const CARDS_BELOW_PX = 800;

const Scroll = styled.div<{ $cardsBelow: number | null }>`
  overflow-x: auto;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  container: table-box / inline-size;
  /* Too narrow for every column (a phone, or a laptop beside the sidebar): each row becomes a card
     whose cells carry their column's name, so nothing is cut off or hidden behind a scroll. */
  ${({ $cardsBelow }) =>
    $cardsBelow !== null &&
    `@container table-box (max-width: ${$cardsBelow}px) {
      thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
      table, tbody, tr, td { display: block; width: 100%; }
      tr { padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
      tbody tr:last-child { border-bottom: 0; }
      table td, table td.num {
        display: grid; grid-template-columns: minmax(6.5rem, min(28%, 11rem)) minmax(0, 1fr); gap: 12px; justify-items: start; align-items: baseline;
        border: 0; padding: 6px 14px; text-align: left; overflow-wrap: anywhere;
      }
      table td::before { content: attr(data-label); color: ${theme.color.textMuted}; font-weight: 600; }
      /* A card lists what a row has: a cell with nothing in it (no action for this row) is left out. */
      table td:empty { display: none; }
    }`}
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid ${theme.color.border}; vertical-align: top; }
  td { overflow-wrap: break-word; }
  /* An amount, a status or a button keeps its one line; an address or a link (class long) breaks
     anywhere rather than widen the table past its box. */
  td.num, td button { white-space: nowrap; }
  td.long { overflow-wrap: anywhere; min-width: 12ch; }
  /* A long status ("Awaiting payment, an attempt failed") may take two lines rather than widen the table. */
  td .pill { white-space: normal; }
  /* A two-word heading ("Meeting link") may take two lines: a row's refund confirmation needs the room. */
  th { background: ${theme.color.surfaceRaised}; }
  tbody tr:last-child td { border-bottom: 0; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
`;

/**
 * A table that scrolls sideways on a narrow screen instead of widening the page; with `cards` (its
 * cells carry `data-label`) its rows become cards where it is too narrow for every column: below
 * 800 px of its box, or below the width given (a table of few, short columns fits in less).
 */
export function DataTable({ caption, children, cards = false }: { caption: string; children: ReactNode; cards?: boolean | number }) {
  const cardsBelow = cards === true ? CARDS_BELOW_PX : cards === false ? null : cards;
  return (
    <Scroll tabIndex={0} role="region" aria-label={caption} $cardsBelow={cardsBelow}>
      <Table>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </Table>
    </Scroll>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  a, button { min-height: 36px; padding: 6px 12px; }
`;

export const SmallButton = styled(Button)`
  min-height: 36px;
  padding: 6px 12px;
`;

export function Loading({ text = 'Loading…' }: { text?: string }) {
  return (
    <StatusText role="status" $tone="muted">
      {text}
    </StatusText>
  );
}

export function Empty({ text }: { text: string }) {
  return <StatusText $tone="muted">{text}</StatusText>;
}

export function LoadError({ text, error, onRetry }: { text: string; error?: unknown; onRetry?: () => void }) {
  const detail = error === undefined ? undefined : messageOf(error, '');
  return (
    <div role="alert">
      <StatusText $tone="error">
        {text}
        {detail && detail !== text ? ` (${detail})` : ''}
      </StatusText>
      {onRetry && (
        <SmallButton type="button" $variant="ghost" onClick={onRetry}>
          Try again
        </SmallButton>
      )}
    </div>
  );
}

/** Why a form's action failed; the region is always there, so its message is announced when it appears. */
export function FailureAlert({ failure }: { failure: string | null }) {
  return <div role="alert">{failure && <StatusText $tone="error">{failure}</StatusText>}</div>;
}

/** One labelled input with its hint and its error (`<id>-hint`, `<id>-error`), which it is described by. */
export function InputField({ id, label, hint, error, ...input }: { id: string; label: string; hint?: ReactNode; error: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy || undefined} {...input} />
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
}

export const Pill = styled.span.attrs({ className: 'pill' })<{ $tone?: 'ok' | 'muted' | 'warn' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  white-space: nowrap;
  font-size: 0.85rem;
  border: 1px solid ${({ $tone }) => ($tone === 'ok' ? theme.color.success : $tone === 'warn' ? theme.color.danger : theme.color.border)};
  color: ${({ $tone }) => ($tone === 'ok' ? theme.color.success : $tone === 'warn' ? theme.color.danger : theme.color.textMuted)};
`;

export const FormCard = styled.form`
  max-width: 760px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  padding: 24px;
  fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
  .check { display: flex; align-items: center; gap: 10px; margin-bottom: 16px; }
  .check input { width: 20px; height: 20px; }
  .hint { margin: 0; color: ${theme.color.textMuted}; font-size: 0.9rem; }
  .buttons { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 8px; }
`;
