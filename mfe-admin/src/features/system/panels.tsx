import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr));
  gap: 16px;
  margin-bottom: 16px;
`;

const Box = styled.section`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 18px 20px;
  min-width: 0;
  h2 { margin: 0 0 12px; font-size: 1.15rem; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 14px; margin: 0 0 12px; }
  dt { color: ${theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  p { margin: 0 0 10px; }
  code { font-family: ${theme.font.mono}; font-size: 0.9rem; }
`;

/** One titled card of the System page. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </Box>
  );
}

/** A definition list from label/value pairs. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
