import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';

export const SectionTitle = styled.h2`
  font-size: clamp(1.5rem, 3vw, 2rem);
  margin: 0 0 8px;
`;

export const Lead = styled.p`
  color: ${theme.color.textMuted};
  margin: 0 0 24px;
`;

export const Block = styled.section`
  padding: 40px 0;
  border-top: 1px solid ${theme.color.border};
`;

/** A list laid out as a grid of equal cards, as many to a row as fit (each at least 220px wide). */
export const CardList = styled.ul<{ $gap: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ $gap }) => $gap}px;
`;

/** The row of buttons below a block's content. */
export const ButtonRow = styled.div`
  display: flex;
  gap: 12px;
  margin-top: 20px;
`;

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" aria-live="polite" style={{ color: theme.color.textMuted }}>
      {label}
    </p>
  );
}
