import { useRef } from 'react';
import styled from 'styled-components';
import { Container } from '@site/shared/ui/primitives';
import { Section } from '../../components/section';
import { theme } from '@site/shared/ui/theme';
import { CardGrid, HighlightCard } from '../../components/cards';
import { CtaLinks } from '../../components/cta-links';
import { SectionHeading } from '@site/shared/ui/section-heading';
import { useRotatingIndex } from '@site/shared/ui/use-rotating-index';
import { techStack } from './tech-stack';

/** Spec: one of the six category cards is highlighted every 3 seconds. */
export const TECH_HIGHLIGHT_MS = 3000;

const Items = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 12px 0 16px;
  padding: 0;
  list-style: none;
  li {
    padding: 4px 10px;
    border-radius: 999px;
    background: ${theme.color.surfaceRaised};
    font-size: 0.9rem;
  }
`;

const Cta = styled.div`
  margin-top: 56px;
  padding: 40px 24px;
  text-align: center;
  border-radius: ${theme.radius.lg};
  border: 1px solid ${theme.color.border};
  background: linear-gradient(135deg, rgba(124, 156, 255, 0.16), rgba(62, 224, 197, 0.1));
  h3 { font-size: clamp(1.5rem, 3vw, 2rem); margin: 0 0 12px; }
  p { color: ${theme.color.textMuted}; margin: 0 0 24px; }
  div { display: flex; flex-wrap: wrap; gap: 12px; justify-content: center; }
`;

export function TechStackSection() {
  const ref = useRef<HTMLElement>(null);
  const active = useRotatingIndex(techStack.length, TECH_HIGHLIGHT_MS, ref);
  return (
    <Section ref={ref} id="tech-stack" aria-labelledby="tech-title">
      <Container>
        <SectionHeading id="tech-title" eyebrow="Tech stack" title="Technologies We Work With">
          Proven tools, picked for your project rather than our habits.
        </SectionHeading>
        <CardGrid $min={300}>
          {techStack.map(([category, items, description], i) => (
            <HighlightCard key={category} $active={i === active} data-active={i === active} data-tech={category}>
              <h3>{category}</h3>
              <Items aria-label={`${category} technologies`}>
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Items>
              <p>{description}</p>
            </HighlightCard>
          ))}
        </CardGrid>
        <Cta>
          <h3>Ready to Build Something Amazing?</h3>
          <p>Tell us what slows your team down. We will suggest the simplest thing that fixes it.</p>
          <div>
            <CtaLinks main={{ to: '#contact', label: 'Start Your Project' }} alternative={{ to: '#services', label: 'View Our Services' }} />
          </div>
        </Cta>
      </Container>
    </Section>
  );
}
