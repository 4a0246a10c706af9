/** The decorative particle field behind the hero: plain data and drawing, no React. */

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The field's size in CSS pixels and the device pixel ratio it is drawn at. */
export interface FieldSize {
  width: number;
  height: number;
  dpr: number;
}

/** A running field: told its size and whether it may move; draws itself, on whatever thread it lives. */
export interface ParticleAnimation {
  resize(size: FieldSize): void;
  setRunning(running: boolean): void;
  /** For good: the canvas left the page. */
  stop(): void;
}

/**
 * Everything the field does, in one function that refers to nothing outside itself: the browser runs
 * its source text in a worker (`particleWorkerSource`), so the animation never takes the main thread.
 */
export function particleField() {
  const PARTICLES = { count: 50, linkDistance: 150, speed: 0.25 } as const;
  // Link opacities are drawn in this many steps: one stroke per step instead of one per link.
  const LINK_SHADES = 8;
  // About 30 frames a second is smooth for slow drift and halves the work of a 60 Hz loop.
  const FRAME_MS = 33;

  function createParticles(width: number, height: number, count: number = PARTICLES.count, random = Math.random): Particle[] {
    return Array.from({ length: count }, () => ({
      x: random() * width,
      y: random() * height,
      vx: (random() - 0.5) * 2 * PARTICLES.speed,
      vy: (random() - 0.5) * 2 * PARTICLES.speed,
    }));
  }

  /** Moves every particle by `frames` 60 Hz frames, bouncing off the edges. */
  function stepParticles(particles: Particle[], width: number, height: number, frames = 1): void {
    for (const p of particles) {
      p.x += p.vx * frames;
      p.y += p.vy * frames;
      if (p.x < 0 || p.x > width) {
        p.vx = -p.vx;
        p.x = Math.min(Math.max(p.x, 0), width);
      }
      if (p.y < 0 || p.y > height) {
        p.vy = -p.vy;
        p.y = Math.min(Math.max(p.y, 0), height);
      }
    }
  }

  /** Pairs closer than the link distance, with an opacity that fades with distance. */
  function links(particles: readonly Particle[], maxDistance: number = PARTICLES.linkDistance): [number, number, number][] {
    const out: [number, number, number][] = [];
    const max2 = maxDistance * maxDistance;
    for (let i = 0; i < particles.length; i++) {
      const a = particles[i]!;
      for (let j = i + 1; j < particles.length; j++) {
        const b = particles[j]!;
        const d2 = (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
        if (d2 < max2) out.push([i, j, 1 - Math.sqrt(d2) / maxDistance]);
      }
    }
    return out;
  }

  function drawParticles(ctx: Context2D, particles: readonly Particle[], width: number, height: number): void {
    ctx.clearRect(0, 0, width, height);
    ctx.lineWidth = 1;
    // A canvas stroke costs about the same for one segment as for hundreds: group links by shade.
    const shades: Particle[][] = Array.from({ length: LINK_SHADES }, () => []);
    for (const [i, j, strength] of links(particles)) {
      shades[Math.min(LINK_SHADES - 1, Math.floor(strength * LINK_SHADES))]!.push(particles[i]!, particles[j]!);
    }
    shades.forEach((ends, shade) => {
      if (ends.length === 0) return;
      ctx.strokeStyle = `rgba(124, 156, 255, ${(((shade + 0.5) / LINK_SHADES) * 0.35).toFixed(3)})`;
      ctx.beginPath();
      for (let k = 0; k < ends.length; k += 2) {
        ctx.moveTo(ends[k]!.x, ends[k]!.y);
        ctx.lineTo(ends[k + 1]!.x, ends[k + 1]!.y);
      }
      ctx.stroke();
    });
    ctx.fillStyle = 'rgba(62, 224, 197, 0.7)';
    ctx.beginPath();
    for (const p of particles) {
      ctx.moveTo(p.x + 2, p.y);
      ctx.arc(p.x, p.y, 2, 0, Math.PI * 2);
    }
    ctx.fill();
  }

  /** Draws on `canvas` (a page's canvas or one handed to a worker); moves only while running. */
  function animate(canvas: HTMLCanvasElement | OffscreenCanvas): ParticleAnimation | null {
    const ctx = canvas.getContext('2d') as Context2D | null;
    if (!ctx) return null;
    // Workers in some browsers have no requestAnimationFrame; a timer at the frame rate serves.
    const frameLater: (tick: (now: number) => void) => () => void =
      typeof requestAnimationFrame === 'function'
        ? (tick) => {
            const id = requestAnimationFrame(tick);
            return () => cancelAnimationFrame(id);
          }
        : (tick) => {
            const id = setTimeout(() => tick(performance.now()), FRAME_MS);
            return () => clearTimeout(id);
          };
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let running = false;
    let cancel: (() => void) | null = null;
    let last = 0;
    const tick = (now: number) => {
      cancel = null;
      if (!running) return;
      if (now - last >= FRAME_MS) {
        const frames = last ? Math.min((now - last) / 16.7, 4) : 1;
        last = now;
        stepParticles(particles, width, height, frames);
        drawParticles(ctx, particles, width, height);
      }
      cancel = frameLater(tick);
    };
    return {
      resize(size) {
        width = size.width;
        height = size.height;
        canvas.width = Math.round(width * size.dpr);
        canvas.height = Math.round(height * size.dpr);
        ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
        if (particles.length === 0) particles = createParticles(width, height);
        drawParticles(ctx, particles, width, height);
      },
      setRunning(next) {
        running = next;
        if (running && !cancel) {
          last = 0;
          cancel = frameLater(tick);
        } else if (!running && cancel) {
          cancel();
          cancel = null;
        }
      },
      stop() {
        this.setRunning(false);
      },
    };
  }

  return { PARTICLES, createParticles, stepParticles, links, drawParticles, animate };
}

export const { PARTICLES, createParticles, stepParticles, links, drawParticles, animate } = particleField();

/** What the page tells the worker: the canvas once, then its size and whether it may move. */
export type ParticleMessage = { canvas: OffscreenCanvas } | { size: FieldSize } | { running: boolean };

/** The worker's whole program: the field above (as source text) driven by the page's messages. */
export function particleWorkerSource(): string {
  return `const field = (${particleField.toString()})();
let animation = null;
self.onmessage = (event) => {
  const message = event.data;
  if ('canvas' in message) animation = field.animate(message.canvas);
  else if ('size' in message) animation?.resize(message.size);
  else animation?.setRunning(message.running);
};`;
}
