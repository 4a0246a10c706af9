import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';

const Head = styled.header`
  max-width: 720px;
  margin: 0 auto 40px;
  text-align: center;
  h2 { font-size: clamp(1.8rem, 4vw, 2.6rem); margin: 0 0 12px; }
  p { color: ${theme.color.textMuted}; margin: 0; font-size: 1.1rem; }
`;

const Eyebrow = styled.span`
  display: inline-block;
  margin-bottom: 8px;
  color: ${theme.color.accent};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  font-size: 0.85rem;
`;

/** The centred heading of a home-page section (marketing's sections and commerce's booking). */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Head>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h2 id={id}>{title}</h2>
      {children ? <p>{children}</p> : null}
    </Head>
  );
}
