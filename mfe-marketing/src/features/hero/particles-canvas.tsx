import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAfterInteractive } from '../../components/use-after-interactive';
import { animate, particleWorkerSource, type FieldSize, type ParticleAnimation, type ParticleMessage } from './particles';

const Canvas = styled.canvas`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  pointer-events: none;
`;

/** The field drawn by a worker on the canvas handed to it; null where the browser cannot. */
function inWorker(canvas: HTMLCanvasElement): ParticleAnimation | null {
  if (typeof canvas.transferControlToOffscreen !== 'function' || typeof Worker !== 'function') return null;
  let worker: Worker;
  const url = URL.createObjectURL(new Blob([particleWorkerSource()], { type: 'text/javascript' }));
  try {
    worker = new Worker(url, { name: 'hero-particles' });
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
  const offscreen = canvas.transferControlToOffscreen();
  const post = (message: ParticleMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  post({ canvas: offscreen }, [offscreen]);
  return {
    resize: (size) => post({ size }),
    setRunning: (running) => post({ running }),
    stop: () => worker.terminate(),
  };
}

/**
 * Drifting particles linked by lines. Runs only while the hero is on screen and the tab is visible;
 * under prefers-reduced-motion it draws one still frame. Starts once the page is interactive, and
 * is drawn by a worker where the browser allows, so its frames never hold up input.
 */
export function ParticlesCanvas() {
  const ref = useRef<HTMLCanvasElement>(null);
  // A canvas is handed to a worker once: kept across effect re-runs of the same element.
  const animation = useRef<ParticleAnimation | null>(null);
  const started = useAfterInteractive();

  useEffect(() => {
    if (!started) return;
    const canvas = ref.current;
    if (!canvas) return;
    animation.current ??= inWorker(canvas) ?? animate(canvas);
    const field = animation.current;
    if (!field) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let onScreen = true;

    const size = (): FieldSize => ({ width: canvas.clientWidth, height: canvas.clientHeight, dpr: Math.min(window.devicePixelRatio || 1, 2) });
    const update = () => field.setRunning(!reduced && onScreen && document.visibilityState === 'visible');

    field.resize(size());
    const resizeObserver = new ResizeObserver(() => field.resize(size()));
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
      field.setRunning(false);
      // Unmounted (not an effect re-run on the same element): end the worker.
      if (!canvas.isConnected) {
        field.stop();
        animation.current = null;
      }
    };
  }, [started]);

  return <Canvas ref={ref} aria-hidden="true" data-testid="hero-particles" />;
}
