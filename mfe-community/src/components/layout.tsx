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

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" aria-live="polite" style={{ color: theme.color.textMuted }}>
      {label}
    </p>
  );
}
