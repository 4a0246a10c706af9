import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';

const STATS = [
  { value: '850+', label: 'members' },
  { value: '42', label: 'countries' },
  { value: '120+', label: 'projects' },
  { value: '24', label: 'experts' },
] as const;

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 16px;
  margin: 32px 0;
  @media ${theme.media.mobile} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  div {
    display: flex;
    flex-direction: column-reverse;
    align-items: center;
    padding: 20px;
    border-radius: ${theme.radius.md};
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
  }
  dt { color: ${theme.color.textMuted}; text-transform: capitalize; }
  dd { margin: 0; font-size: 2rem; font-weight: 700; color: ${theme.color.accent}; }
`;

export function CommunityStats() {
  return (
    <List aria-label="Community in numbers">
      {STATS.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </List>
  );
}
