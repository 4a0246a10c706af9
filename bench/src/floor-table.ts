// The floor's figures (bench/src/floor.ts): each page as served beside its floor (the same HTML
// without scripts), the distance between them, and the tables that print them.
import { median } from './harness';

/** One Lighthouse run's figures the floor table compares. */
export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's BenchmarkIndex of the host during the run. */
  cpuIndex: number;
}

/** One phone-profile load: first contentful paint and, as served, the moment the page went live. */
export interface PhoneLoad {
  paintMs: number;
  liveMs: number;
}

export interface LighthouseFloorRow {
  page: string;
  /** Each figure the median of its runs. */
  served: LighthouseFigures;
  floor: LighthouseFigures;
  /** Performance points the scripts cost: served below floor. */
  pointsLost: number;
  tbtOverMs: number;
  lcpOverMs: number;
  /** The median BenchmarkIndex over all the page's runs, served and floor. */
  cpuIndex: number;
}

export interface PhoneFloorRow {
  page: string;
  paintMs: number;
  liveMs: number;
  /** Median over loads of each load's live minus its own first paint. */
  liveAfterPaintMs: number;
  floorPaintMs: number;
}

function medians(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse runs to take a median of');
  const m = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  return { performance: m((r) => r.performance), lcpMs: m((r) => r.lcpMs), tbtMs: m((r) => r.tbtMs), cpuIndex: m((r) => r.cpuIndex) };
}

/** The distance of medians: what the printed columns show, so each can be checked by subtraction. */
export function lighthouseFloorRow(page: string, served: LighthouseFigures[], floor: LighthouseFigures[]): LighthouseFloorRow {
  const s = medians(served);
  const f = medians(floor);
  const cpuIndex = median([...served, ...floor].map((r) => r.cpuIndex));
  return { page, served: s, floor: f, pointsLost: f.performance - s.performance, tbtOverMs: s.tbtMs - f.tbtMs, lcpOverMs: s.lcpMs - f.lcpMs, cpuIndex };
}

export function phoneFloorRow(page: string, served: PhoneLoad[], floorPaints: number[]): PhoneFloorRow {
  if (served.length === 0 || floorPaints.length === 0) throw new Error('no phone-profile loads to take a median of');
  return {
    page,
    paintMs: median(served.map((l) => l.paintMs)),
    liveMs: median(served.map((l) => l.liveMs)),
    liveAfterPaintMs: median(served.map((l) => l.liveMs - l.paintMs)),
    floorPaintMs: median(floorPaints),
  };
}

const PAGE_WIDTH = 38;
const pageCell = (page: string) => page.slice(0, PAGE_WIDTH).padEnd(PAGE_WIDTH);
const ms = (value: number, width: number) => Math.round(value).toString().padStart(width);
const seconds = (value: number, width: number) => (value / 1000).toFixed(2).padStart(width);
/** A distance with its sign: scripts cost when it is positive. */
const signed = (text: string) => (text.startsWith('-') ? text : `+${text}`);

export function formatLighthouseFloor(rows: LighthouseFloorRow[]): string[] {
  return [
    `${'page'.padEnd(PAGE_WIDTH)}   perf  floor   lost    TBT ms   floor    over    LCP s  floor   over  CPU index`,
    ...rows.map(
      (r) =>
        `${pageCell(r.page)} ${String(r.served.performance).padStart(6)} ${String(r.floor.performance).padStart(6)} ${String(r.pointsLost).padStart(6)} ` +
        `${ms(r.served.tbtMs, 9)} ${ms(r.floor.tbtMs, 7)} ${signed(Math.round(r.tbtOverMs).toString()).padStart(7)} ` +
        `${seconds(r.served.lcpMs, 8)} ${seconds(r.floor.lcpMs, 6)} ${signed((r.lcpOverMs / 1000).toFixed(2)).padStart(6)} ` +
        `${ms(r.cpuIndex, 10)}`,
    ),
  ];
}

export function formatPhoneFloor(rows: PhoneFloorRow[]): string[] {
  return [
    `${'page'.padEnd(PAGE_WIDTH)}    paint  interactive  live − paint  floor paint`,
    ...rows.map((r) => `${pageCell(r.page)} ${seconds(r.paintMs, 6)} s ${seconds(r.liveMs, 10)} s ${seconds(r.liveAfterPaintMs, 11)} s ${seconds(r.floorPaintMs, 10)} s`),
  ];
}
