import { describe, expect, it } from 'vitest';
import { PARTICLES, createParticles, links, particleWorkerSource, stepParticles } from './particles';

describe('hero particles', () => {
  it('creates 50 particles inside the area', () => {
    const particles = createParticles(800, 600);
    expect(particles).toHaveLength(PARTICLES.count);
    expect(particles.every((p) => p.x >= 0 && p.x <= 800 && p.y >= 0 && p.y <= 600)).toBe(true);
  });

  it('links particles closer than 150px, fading with distance', () => {
    const ps = [
      { x: 0, y: 0, vx: 0, vy: 0 },
      { x: 149, y: 0, vx: 0, vy: 0 },
      { x: 0, y: 151, vx: 0, vy: 0 },
    ];
    const found = links(ps);
    expect(found.map(([i, j]) => [i, j])).toEqual([[0, 1]]);
    expect(found[0]?.[2]).toBeCloseTo(1 / 150);
  });

  it('bounces off the edges', () => {
    const ps = [{ x: 799, y: 10, vx: 2, vy: 0 }];
    stepParticles(ps, 800, 600);
    expect(ps[0]).toMatchObject({ x: 800, vx: -2 });
  });

  it('is drawn by a worker program of its own: the canvas handed over, sized, in a few strokes', () => {
    const calls: string[] = [];
    const ctx = new Proxy({}, { get: (_target, name) => (...args: unknown[]) => void calls.push(String(name), ...args.map(String)), set: () => true });
    const canvas = { width: 0, height: 0, getContext: () => ctx };
    const self: { onmessage?: (event: { data: unknown }) => void } = {};
    // The worker's text runs with nothing from this module in scope.
    new Function('self', particleWorkerSource())(self);
    self.onmessage!({ data: { canvas } });
    self.onmessage!({ data: { size: { width: 400, height: 300, dpr: 2 } } });
    expect(canvas).toMatchObject({ width: 800, height: 600 });
    expect(calls.filter((call) => call === 'arc')).toHaveLength(PARTICLES.count);
    // Links are grouped by shade: a handful of strokes, not one per link.
    expect(calls.filter((call) => call === 'stroke').length).toBeLessThanOrEqual(8);
    expect(calls.filter((call) => call === 'fill')).toHaveLength(1);
  });
});
