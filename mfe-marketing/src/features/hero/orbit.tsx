import { useRef, type CSSProperties } from 'react';
import styled, { keyframes } from 'styled-components';
import { theme } from '@site/shared/ui/theme';
import { useOnScreen, useRotatingIndex } from '@site/shared/ui/use-rotating-index';
import { useAfterInteractive } from '../../components/use-after-interactive';
import { orbitIcons } from './orbit-icons';

/** Spec: one of the six orbs is highlighted every 2 seconds. */
export const ORB_HIGHLIGHT_MS = 2000;

const spin = keyframes`to { transform: rotate(360deg); }`;
const unspin = keyframes`to { transform: rotate(-360deg); }`;

// Every orb shares one class: its place and highlight come from a custom property and a data
// attribute, so the highlight moving every 2 s changes an attribute instead of injecting a new
// class's rules (a style recalculation of the whole page each time).
// The spin waits (paused) until the page is interactive (see useAfterInteractive), and stops while
// the orbit is off screen.
const Ring = styled.ul`
  --size: 380px;
  --radius: 160px;
  position: relative;
  width: var(--size);
  height: var(--size);
  margin: 0 auto;
  padding: 0;
  list-style: none;
  border: 1px dashed ${theme.color.border};
  border-radius: 50%;
  animation: ${spin} 60s linear infinite;
  animation-play-state: paused;
  &[data-running='true'] { animation-play-state: running; }
  > li, > li > span { animation-play-state: inherit; }
  @media ${theme.media.mobile} { --size: 280px; --radius: 115px; }
  @media ${theme.media.reducedMotion} { animation: none; }
`;

// The highlight's glow fades through its opacity alone, which the compositor animates; border and
// icon change at once. Transitions of the colours or the shadow restyled the page on the main
// thread every frame of each fade, every 2 s, for as long as the hero was open.
const Orb = styled.li`
  position: absolute;
  top: 50%;
  left: 50%;
  width: 64px;
  height: 64px;
  margin: -32px 0 0 -32px;
  transform: rotate(var(--angle)) translate(var(--radius)) rotate(calc(-1 * var(--angle)));
  > span {
    position: relative;
    display: grid;
    place-items: center;
    width: 100%;
    height: 100%;
    border-radius: 50%;
    background: ${theme.color.surface};
    border: 2px solid ${theme.color.border};
    color: ${theme.color.primary};
    animation: ${unspin} 60s linear infinite;
    @media ${theme.media.reducedMotion} { animation: none; }
  }
  > span::after {
    content: '';
    position: absolute;
    inset: -2px;
    border-radius: 50%;
    box-shadow: 0 0 24px rgba(62, 224, 197, 0.45);
    opacity: 0;
    transition: opacity 0.4s;
    @media ${theme.media.reducedMotion} { transition: none; }
  }
  &[data-active='true'] > span {
    border-color: ${theme.color.accent};
    color: ${theme.color.accent};
  }
  &[data-active='true'] > span::after { opacity: 1; }
`;

const Core = styled.div`
  position: absolute;
  inset: 30%;
  display: grid;
  place-items: center;
  border-radius: 50%;
  background: radial-gradient(circle, rgba(124, 156, 255, 0.35), rgba(11, 16, 32, 0));
  font-weight: 800;
  font-size: 1.1rem;
  color: ${theme.color.text};
  text-align: center;
`;

export function Orbit() {
  const ref = useRef<HTMLUListElement>(null);
  const started = useAfterInteractive();
  const onScreen = useOnScreen(ref);
  const running = started && onScreen;
  const active = useRotatingIndex(started ? orbitIcons.length : 0, ORB_HIGHLIGHT_MS, ref);
  return (
    <div style={{ position: 'relative' }}>
      <Ring ref={ref} aria-label="What we bring" data-running={running}>
        {orbitIcons.map((icon, i) => (
          <Orb key={icon.label} style={{ '--angle': `${i * 60 - 90}deg` } as CSSProperties} data-orb={icon.label} data-active={i === active}>
            <span>
              <svg role="img" aria-label={icon.label} width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <title>{icon.label}</title>
                {icon.circles?.map(([cx, cy, r]) => <circle key={`${cx} ${cy} ${r}`} cx={cx} cy={cy} r={r} />)}
                {icon.d && <path d={icon.d} />}
              </svg>
            </span>
          </Orb>
        ))}
      </Ring>
      <Core aria-hidden="true">AI</Core>
    </div>
  );
}
