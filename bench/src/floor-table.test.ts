import { describe, expect, it } from 'vitest';
import { formatLighthouseFloor, formatPhoneFloor, formatPlainFloor, lighthouseFloorRow, phoneFloorRow, type LighthouseFigures } from './floor-table';

const run = (performance: number, tbtMs: number, lcpMs: number, cpuIndex = 1000, cpuSlowdown = 2.4): LighthouseFigures => ({ performance, tbtMs, lcpMs, cpuIndex, cpuSlowdown });

describe('lighthouseFloorRow', () => {
  it('compares the medians of the runs: points lost, TBT and LCP over the floor', () => {
    const row = lighthouseFloorRow('/', [run(78, 1027, 2900, 900), run(80, 900, 2500, 1100), run(70, 1300, 3100, 1000)], [run(90, 420, 2100), run(94, 300, 2000), run(88, 500, 2300)]);
    expect(row.served).toEqual({ performance: 78, tbtMs: 1027, lcpMs: 2900, cpuIndex: 1000, cpuSlowdown: 2.4 });
    expect(row.floor).toEqual({ performance: 90, tbtMs: 420, lcpMs: 2100, cpuIndex: 1000, cpuSlowdown: 2.4 });
    expect(row).toMatchObject({ pointsLost: 12, tbtOverMs: 607, lcpOverMs: 800, cpuIndex: 1000, cpuSlowdown: 2.4 });
  });

  it('shows a page faster than its floor as a negative distance', () => {
    expect(lighthouseFloorRow('/login', [run(99, 10, 1000)], [run(98, 30, 1100)])).toMatchObject({ pointsLost: -1, tbtOverMs: -20, lcpOverMs: -100 });
  });

  it('compares the floor with its plain text: what the styles cost, and the host index over all three doors', () => {
    const row = lighthouseFloorRow('/', [run(97, 120, 900, 1900)], [run(100, 40, 800, 2000)], [run(100, 10, 700, 1800), run(100, 30, 760, 2100), run(99, 20, 720, 1950)]);
    expect(row.plain).toEqual({ performance: 100, tbtMs: 20, lcpMs: 720, cpuIndex: 1950, cpuSlowdown: 2.4 });
    expect(row).toMatchObject({ stylesPointsLost: 0, stylesTbtMs: 20, stylesLcpMs: 80, cpuIndex: 1950 });
  });

  it('refuses to compare without runs', () => {
    expect(() => lighthouseFloorRow('/', [], [run(90, 1, 1)])).toThrow(/no Lighthouse runs/);
  });
});

describe('phoneFloorRow', () => {
  it('takes live minus paint within each load, then the median', () => {
    const row = phoneFloorRow('/', [{ paintMs: 1000, liveMs: 3000 }, { paintMs: 1500, liveMs: 3100 }, { paintMs: 1200, liveMs: 4000 }], [900, 1100, 1000], 3.1);
    expect(row).toEqual({ page: '/', paintMs: 1200, liveMs: 3100, liveAfterPaintMs: 2000, floorPaintMs: 1000, cpuSlowdown: 3.1 });
  });
});

describe('the floor tables', () => {
  it('print each figure under its heading, distances signed', () => {
    const [header, line] = formatLighthouseFloor([lighthouseFloorRow('/community', [run(78, 1018, 2950, 1234, 2.868)], [run(94, 294, 2100, 1234, 2.868)])]);
    const cells = line!.trim().split(/\s+/);
    expect(cells).toEqual(['/community', '78', '94', '16', '1018', '294', '+724', '2.95', '2.10', '+0.85', '1234', '2.9']);
    const headings = header!.trim().split(/\s{2,}/);
    expect(headings).toEqual(['page', 'perf', 'floor', 'lost', 'TBT ms', 'floor', 'over', 'LCP s', 'floor', 'over', 'CPU index', 'CPU ×']);
    // Each figure ends where its heading ends.
    for (const heading of ['perf', 'lost', 'TBT ms', 'over', 'CPU index', 'CPU ×']) {
      const end = header!.indexOf(heading) + heading.length;
      expect(line![end - 1]).toMatch(/\d/);
    }
  });

  it('print no sign on a distance that rounds to zero', () => {
    const [, line] = formatLighthouseFloor([lighthouseFloorRow('/', [run(100, 50, 869)], [run(100, 50, 871)])]);
    expect(line!.trim().split(/\s+/).slice(1, 10)).toEqual(['100', '100', '0', '50', '50', '0', '0.87', '0.87', '0.00']);
  });

  it('print a dash for the floor of a page that paints nothing without scripts, and a failed page as such', () => {
    const lines = formatLighthouseFloor([lighthouseFloorRow('/login', [run(70, 900, 3000, 1500)], 'none'), { page: '/x', failed: 'NO_FCP' }]);
    expect(lines[1]!.trim().split(/\s+/)).toEqual(['/login', '70', '—', '—', '900', '—', '—', '3.00', '—', '—', '1500', '2.4']);
    expect(lines[2]).toMatch(/^\/x\s+failed: NO_FCP$/);
    const [, phone] = formatPhoneFloor([phoneFloorRow('/login', [{ paintMs: 2000, liveMs: 2500 }], 'none', 4)]);
    expect(phone!.trim().split(/\s+/)).toEqual(['/login', '2.00', 's', '2.50', 's', '0.50', 's', '—', 's', '4.0']);
  });

  it('print the floor beside its plain text, each figure under its heading', () => {
    const [header, line] = formatPlainFloor([lighthouseFloorRow('/community', [run(78, 1018, 2950)], [run(94, 294, 2100)], [run(97, 120, 1800)])]);
    expect(line!.trim().split(/\s+/)).toEqual(['/community', '94', '97', '3', '294', '120', '+174', '2.10', '1.80', '+0.30']);
    expect(header!.trim().split(/\s{2,}/)).toEqual(['page', 'floor', 'plain', 'lost', 'TBT floor', 'plain', 'over', 'LCP floor', 'plain', 'over']);
    for (const heading of ['plain', 'lost', 'TBT floor', 'over']) {
      const end = header!.indexOf(heading) + heading.length;
      expect(line![end - 1]).toMatch(/\d/);
    }
    expect(line!.length).toBe(header!.length);
    const [, none] = formatPlainFloor([lighthouseFloorRow('/login', [run(70, 900, 3000)], 'none')]);
    expect(none!.trim().split(/\s+/)).toEqual(['/login', '—', '—', '—', '—', '—', '—', '—', '—', '—']);
  });

  it('print the phone profile in seconds', () => {
    const [header, line] = formatPhoneFloor([phoneFloorRow('/', [{ paintMs: 1360, liveMs: 3850 }], [1200], 7.66)]);
    expect(line!.trim().split(/\s+/)).toEqual(['/', '1.36', 's', '3.85', 's', '2.49', 's', '1.20', 's', '7.7']);
    expect(line!.length).toBe(header!.length);
  });
});
