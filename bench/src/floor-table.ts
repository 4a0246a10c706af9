// The floor's figures (bench/src/floor.ts): each page as served beside its floor (the same HTML
// without scripts) and the floor beside its plain text (without styles either), the distances
// between them, and the tables that print them.
import { median } from './harness';

/** One Lighthouse run's figures the floor table compares. */
export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's BenchmarkIndex of the host during the run. */
  cpuIndex: number;
  /** The CPU slowdown the run applied. */
  cpuSlowdown: number;
}

/** One phone-profile load: first contentful paint and, as served, the moment the page went live. */
export interface PhoneLoad {
  paintMs: number;
  liveMs: number;
}

/** A row's floor figures and distances are NaN for a page that paints nothing without scripts. */
export interface LighthouseFloorRow {
  page: string;
  /** Each figure the median of its runs. */
  served: LighthouseFigures;
  floor: LighthouseFigures;
  /** Performance points the scripts cost: served below floor. */
  pointsLost: number;
  tbtOverMs: number;
  lcpOverMs: number;
  /** The same HTML without scripts or styles: what showing the page's text costs on this host. */
  plain: LighthouseFigures;
  /** What the page's styles cost its floor: the floor's points below plain, its TBT and LCP above. */
  stylesPointsLost: number;
  stylesTbtMs: number;
  stylesLcpMs: number;
  /** The median BenchmarkIndex over all the page's runs, served, floor and plain. */
  cpuIndex: number;
  /** The median CPU slowdown over the same runs. */
  cpuSlowdown: number;
}

export interface PhoneFloorRow {
  page: string;
  paintMs: number;
  liveMs: number;
  /** Median over loads of each load's live minus its own first paint. */
  liveAfterPaintMs: number;
  floorPaintMs: number;
  /** The CPU slowdown of the page's loads. */
  cpuSlowdown: number;
}

/** A page the bench could not measure, and why; printed in place of its row. */
export interface FailedRow {
  page: string;
  failed: string;
}

const NO_FLOOR: LighthouseFigures = { performance: NaN, lcpMs: NaN, tbtMs: NaN, cpuIndex: NaN, cpuSlowdown: NaN };

function medians(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse runs to take a median of');
  const m = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  return { performance: m((r) => r.performance), lcpMs: m((r) => r.lcpMs), tbtMs: m((r) => r.tbtMs), cpuIndex: m((r) => r.cpuIndex), cpuSlowdown: m((r) => r.cpuSlowdown) };
}

/** The distance of medians: what the printed columns show, so each can be checked by subtraction. */
export function lighthouseFloorRow(page: string, served: LighthouseFigures[], floor: LighthouseFigures[] | 'none', plain: LighthouseFigures[] | 'none' = 'none'): LighthouseFloorRow {
  const s = medians(served);
  const f = floor === 'none' ? NO_FLOOR : medians(floor);
  const p = plain === 'none' ? NO_FLOOR : medians(plain);
  const all = [...served, ...(floor === 'none' ? [] : floor), ...(plain === 'none' ? [] : plain)];
  const cpuIndex = median(all.map((r) => r.cpuIndex));
  const cpuSlowdown = median(all.map((r) => r.cpuSlowdown));
  return {
    page,
    served: s,
    floor: f,
    pointsLost: f.performance - s.performance,
    tbtOverMs: s.tbtMs - f.tbtMs,
    lcpOverMs: s.lcpMs - f.lcpMs,
    plain: p,
    stylesPointsLost: p.performance - f.performance,
    stylesTbtMs: f.tbtMs - p.tbtMs,
    stylesLcpMs: f.lcpMs - p.lcpMs,
    cpuIndex,
    cpuSlowdown,
  };
}

export function phoneFloorRow(page: string, served: PhoneLoad[], floorPaints: number[] | 'none', cpuSlowdown: number): PhoneFloorRow {
  if (served.length === 0 || floorPaints.length === 0) throw new Error('no phone-profile loads to take a median of');
  return {
    page,
    paintMs: median(served.map((l) => l.paintMs)),
    liveMs: median(served.map((l) => l.liveMs)),
    liveAfterPaintMs: median(served.map((l) => l.liveMs - l.paintMs)),
    floorPaintMs: floorPaints === 'none' ? NaN : median(floorPaints),
    cpuSlowdown,
  };
}

const isFailed = (row: object): row is FailedRow => 'failed' in row;

const PAGE_WIDTH = 38;
const pageCell = (page: string) => page.slice(0, PAGE_WIDTH).padEnd(PAGE_WIDTH);
/** A figure, or a dash where there is none (no floor). */
const cell = (value: number, text: (value: number) => string, width: number) => (Number.isNaN(value) ? '—' : text(value)).padStart(width);
const ms = (value: number, width: number) => cell(value, (v) => Math.round(v).toString(), width);
const seconds = (value: number, width: number) => cell(value, (v) => (v / 1000).toFixed(2), width);
const multiplier = (value: number, width: number) => cell(value, (v) => v.toFixed(1), width);
/** A distance with its sign (scripts cost when it is positive); none on what rounds to zero. */
const signed = (value: number, text: (value: number) => string, width: number) =>
  cell(
    value,
    (v) => {
      const shown = text(Math.abs(v));
      if (Number(shown) === 0) return shown;
      return `${v < 0 ? '-' : '+'}${shown}`;
    },
    width,
  );
const failedLine = (row: FailedRow) => `${pageCell(row.page)} failed: ${row.failed}`;

export function formatLighthouseFloor(rows: (LighthouseFloorRow | FailedRow)[]): string[] {
  return [
    `${'page'.padEnd(PAGE_WIDTH)}   perf  floor   lost    TBT ms   floor    over    LCP s  floor   over  CPU index  CPU ×`,
    ...rows.map((r) =>
      isFailed(r)
        ? failedLine(r)
        : `${pageCell(r.page)} ${ms(r.served.performance, 6)} ${ms(r.floor.performance, 6)} ${ms(r.pointsLost, 6)} ` +
          `${ms(r.served.tbtMs, 9)} ${ms(r.floor.tbtMs, 7)} ${signed(r.tbtOverMs, (v) => Math.round(v).toString(), 7)} ` +
          `${seconds(r.served.lcpMs, 8)} ${seconds(r.floor.lcpMs, 6)} ${signed(r.lcpOverMs, (v) => (v / 1000).toFixed(2), 6)} ` +
          `${ms(r.cpuIndex, 10)} ${multiplier(r.cpuSlowdown, 6)}`,
    ),
  ];
}

/** The floor beside the same text without styles: the part of the floor that is the page's own styling. */
export function formatPlainFloor(rows: (LighthouseFloorRow | FailedRow)[]): string[] {
  return [
    `${'page'.padEnd(PAGE_WIDTH)}  floor  plain   lost  TBT floor  plain    over  LCP floor  plain   over`,
    ...rows.map((r) =>
      isFailed(r)
        ? failedLine(r)
        : `${pageCell(r.page)} ${ms(r.floor.performance, 6)} ${ms(r.plain.performance, 6)} ${ms(r.stylesPointsLost, 6)} ` +
          `${ms(r.floor.tbtMs, 10)} ${ms(r.plain.tbtMs, 6)} ${signed(r.stylesTbtMs, (v) => Math.round(v).toString(), 7)} ` +
          `${seconds(r.floor.lcpMs, 10)} ${seconds(r.plain.lcpMs, 6)} ${signed(r.stylesLcpMs, (v) => (v / 1000).toFixed(2), 6)}`,
    ),
  ];
}

export function formatPhoneFloor(rows: (PhoneFloorRow | FailedRow)[]): string[] {
  return [
    `${'page'.padEnd(PAGE_WIDTH)}    paint  interactive  live − paint  floor paint  CPU ×`,
    ...rows.map((r) =>
      isFailed(r)
        ? failedLine(r)
        : `${pageCell(r.page)} ${seconds(r.paintMs, 6)} s ${seconds(r.liveMs, 10)} s ${seconds(r.liveAfterPaintMs, 11)} s ${seconds(r.floorPaintMs, 10)} s ${multiplier(r.cpuSlowdown, 6)}`,
    ),
  ];
}
