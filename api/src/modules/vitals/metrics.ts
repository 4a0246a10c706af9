import type { FastifyInstance } from 'fastify';
import type { Metric, MetricObjectWithValues, MetricValueWithName } from 'prom-client';
import { countsOf, SIGNALS, type Signal } from './histograms';
import type { SeriesTotals } from './repository';
import type { VitalsService } from './service';

type Labels = 'remote' | 'version' | 'route';

const HISTOGRAMS: { name: string; help: string; signal: Signal }[] = [
  { name: 'web_vitals_lcp_seconds', help: "Visitors' Largest Contentful Paint, by front end version and route pattern", signal: 'lcp' },
  { name: 'web_vitals_inp_seconds', help: "Visitors' Interaction to Next Paint, by front end version and route pattern", signal: 'inp' },
  { name: 'web_vitals_ttfb_seconds', help: "Visitors' Time To First Byte, by front end version and route pattern", signal: 'ttfb' },
  { name: 'web_vitals_cls', help: "Visitors' Cumulative Layout Shift, by front end version and route pattern", signal: 'cls' },
];

const labelsOf = (row: SeriesTotals) => ({ remote: row.remote, version: row.version, route: row.route });

/** A histogram's cumulative buckets, sum and count for one series, as prom-client prints them. */
function histogramValues(name: string, signal: Signal, row: SeriesTotals): MetricValueWithName<string>[] {
  const counts = countsOf(row.counts, signal);
  const bounds: (number | string)[] = [...SIGNALS[signal], '+Inf'];
  const labels = labelsOf(row);
  let cumulative = 0;
  const values: MetricValueWithName<string>[] = bounds.map((le, i) => {
    cumulative += counts[i] ?? 0;
    return { metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative };
  });
  values.push({ metricName: `${name}_sum`, labels, value: row[`${signal}_sum`] });
  values.push({ metricName: `${name}_count`, labels, value: cumulative });
  return values;
}

/**
 * The totals every instance wrote to the database, exported by whichever instance is scraped: read
 * once per scrape (after this instance's own are written), so the series are the same everywhere.
 */
export function registerVitalsMetrics(app: FastifyInstance, vitals: VitalsService): void {
  let rows: SeriesTotals[] = [];
  app.metrics.onScrape(async () => {
    rows = await vitals.totals(true);
  });
  const metric = (name: string, help: string, type: 'histogram' | 'counter', values: () => MetricValueWithName<string>[]) =>
    ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: (): Promise<MetricObjectWithValues<MetricValueWithName<string>>> => Promise.resolve({ name, help, type, aggregator: 'sum', values: values() } as never),
    }) as unknown as Metric<Labels>;
  for (const { name, help, signal } of HISTOGRAMS) {
    app.metrics.registry.registerMetric(metric(name, help, 'histogram', () => rows.flatMap((row) => histogramValues(name, signal, row))));
  }
  app.metrics.registry.registerMetric(
    metric('client_errors_total', 'Errors in visitors\' browsers (a remote that failed to load, an error boundary, unhandled errors and rejections)', 'counter', () =>
      rows.map((row) => ({ labels: labelsOf(row), value: row.errors })),
    ),
  );
  app.metrics.registry.registerMetric(
    metric('web_vitals_visits_total', 'Page views reported by visitors\' browsers (sampled by VITALS_SAMPLE_RATE)', 'counter', () =>
      rows.map((row) => ({ labels: labelsOf(row), value: row.visits })),
    ),
  );
}
