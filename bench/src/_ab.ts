// A/B: Lighthouse and phone cold loads, alternating two servers. AB_URLS=old,new AB_PATH=/login
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '@site/test-support/chromium';
import { withLighthouse } from './lighthouse';
import { coldLoad } from './phone';
const [a, b] = (process.env.AB_URLS ?? 'http://127.0.0.1:4102,http://127.0.0.1:4101').split(',');
const path = process.env.AB_PATH ?? '/login';
const runs = Number(process.env.AB_RUNS ?? 5);
const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const lh: Record<string, { perf: number[]; lcp: number[]; tbt: number[]; fcp?: number[]; cpu: number[] }> = { old: { perf: [], lcp: [], tbt: [], cpu: [] }, new: { perf: [], lcp: [], tbt: [], cpu: [] } };
await withLighthouse(async (audit) => {
  for (let i = 0; i < runs; i++) for (const [name, base] of [['old', a], ['new', b]] as const) {
    const r = await audit(base + path);
    lh[name]!.perf.push(r.performance); lh[name]!.lcp.push(r.lcpMs); lh[name]!.tbt.push(r.tbtMs); lh[name]!.cpu.push(r.cpuIndex);
  }
});
for (const name of ['old', 'new']) console.log(`lighthouse ${name}: perf ${med(lh[name]!.perf)} (${lh[name]!.perf.join(',')}), LCP ${(med(lh[name]!.lcp) / 1000).toFixed(2)} s (${lh[name]!.lcp.map((x) => (x / 1000).toFixed(2)).join(',')}), TBT ${Math.round(med(lh[name]!.tbt))} ms, CPU index ${lh[name]!.cpu.map(Math.round).join(',')}`);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const ph: Record<string, { paint: number[]; live: number[] }> = { old: { paint: [], live: [] }, new: { paint: [], live: [] } };
for (let i = 0; i < runs; i++) for (const [name, base] of [['old', a], ['new', b]] as const) {
  const r = await coldLoad(browser, base + path);
  ph[name]!.paint.push(r.paintMs); ph[name]!.live.push(r.liveMs);
}
await browser.close();
for (const name of ['old', 'new']) console.log(`phone ${name}: paint ${(med(ph[name]!.paint) / 1000).toFixed(2)} s, live ${(med(ph[name]!.live) / 1000).toFixed(2)} s (paints ${ph[name]!.paint.map((x) => (x / 1000).toFixed(2)).join(',')}; lives ${ph[name]!.live.map((x) => (x / 1000).toFixed(2)).join(',')})`);
