/** The decorative particle field behind the hero: plain data and drawing, no React. */
export const PARTICLES = { count: 50, linkDistance: 150, speed: 0.25 } as const;

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

export function createParticles(width: number, height: number, count: number = PARTICLES.count, random = Math.random): Particle[] {
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: (random() - 0.5) * 2 * PARTICLES.speed,
    vy: (random() - 0.5) * 2 * PARTICLES.speed,
  }));
}

/** Moves every particle by `frames` 60 Hz frames, bouncing off the edges. */
export function stepParticles(particles: Particle[], width: number, height: number, frames = 1): void {
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
export function links(particles: readonly Particle[], maxDistance: number = PARTICLES.linkDistance): [number, number, number][] {
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

export function drawParticles(ctx: CanvasRenderingContext2D, particles: readonly Particle[], width: number, height: number): void {
  ctx.clearRect(0, 0, width, height);
  ctx.lineWidth = 1;
  for (const [i, j, strength] of links(particles)) {
    const a = particles[i]!;
    const b = particles[j]!;
    ctx.strokeStyle = `rgba(124, 156, 255, ${(strength * 0.35).toFixed(3)})`;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(62, 224, 197, 0.7)';
  for (const p of particles) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, 2, 0, Math.PI * 2);
    ctx.fill();
  }
}
