import styled from 'styled-components';
import { Card } from '@site/shared/ui/primitives';
import { theme } from '@site/shared/ui/theme';

export const CardGrid = styled.div<{ $min?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = 250 }) => $min}px, 1fr));
  gap: 24px;
`;

/** A card that can be the highlighted one of a rotating set. */
export const HighlightCard = styled(Card)<{ $active?: boolean }>`
  transition: border-color 0.4s, transform 0.4s, box-shadow 0.4s;
  h3 { margin: 0 0 8px; font-size: 1.2rem; }
  p { color: ${theme.color.textMuted}; margin: 0; }
  ${({ $active }) =>
    $active
      ? `border-color: ${theme.color.accent}; box-shadow: 0 0 0 1px ${theme.color.accent}, 0 12px 32px rgba(62, 224, 197, 0.15); transform: translateY(-4px);`
      : ''}
  @media ${theme.media.reducedMotion} { transition: none; transform: none; }
`;

export const Bullets = styled.ul`
  margin: 16px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
  li { display: flex; gap: 8px; align-items: baseline; }
  li::before { content: '✓'; color: ${theme.color.accent}; font-weight: 700; }
`;
