import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAfterInteractive } from '../../components/use-after-interactive';
import { createParticles, drawParticles, stepParticles, type Particle } from './particles';

const Canvas = styled.canvas`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  pointer-events: none;
`;

// About 30 frames a second is smooth for slow drift and halves the work of a 60 Hz loop.
const FRAME_MS = 33;

/**
 * Drifting particles linked by lines. Runs only while the hero is on screen and the tab is visible;
 * under prefers-reduced-motion it draws one still frame. Starts once the page is interactive.
 */
export function ParticlesCanvas() {
  const ref = useRef<HTMLCanvasElement>(null);
  const started = useAfterInteractive();

  useEffect(() => {
    if (!started) return;
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let onScreen = true;
    let frame = 0;
    let last = 0;

    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (particles.length === 0) particles = createParticles(width, height);
      drawParticles(ctx, particles, width, height);
    };
    const tick = (now: number) => {
      frame = 0;
      if (!running()) return;
      if (now - last >= FRAME_MS) {
        const frames = last ? Math.min((now - last) / 16.7, 4) : 1;
        last = now;
        stepParticles(particles, width, height, frames);
        drawParticles(ctx, particles, width, height);
      }
      frame = requestAnimationFrame(tick);
    };
    const running = () => !reduced && onScreen && document.visibilityState === 'visible';
    const update = () => {
      if (running() && !frame) {
        last = 0;
        frame = requestAnimationFrame(tick);
      } else if (!running() && frame) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
    };

    resize();
    const resizeObserver = new ResizeObserver(resize);
    resizeObserver.observe(canvas);
    const visibility = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      update();
    });
    visibility.observe(canvas);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      resizeObserver.disconnect();
      visibility.disconnect();
      document.removeEventListener('visibilitychange', update);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [started]);

  return <Canvas ref={ref} aria-hidden="true" data-testid="hero-particles" />;
}
