import type { VersionSignals, VitalsOverview } from '@site/shared/contracts/vitals';
import { useQuery } from '@site/shared/query';
import { DataTable, LoadError } from '../../components/ui';
import { adminRequest } from '../../lib/api';

const seconds = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} s`);
const plain = (value: number | null) => (value === null ? '—' : value.toFixed(3));
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Visitors' signals per version, from the beacons their pages sent (decision 069). */
export function useReleaseSignals() {
  return useQuery('release-signals', () => adminRequest<VitalsOverview>('/admin/vitals'));
}

/** One remote's versions as visitors met them: visits, error rate and the p75 of LCP, INP and CLS. */
export function ReleaseSignals({ remote, signals }: { remote: string; signals: ReturnType<typeof useReleaseSignals> }) {
  if (signals.state === 'loading') return null;
  if (signals.state === 'error') return <LoadError text="Failed to load the visitors' signals." error={signals.error} onRetry={signals.reload} />;
  const rows: VersionSignals[] = signals.data.versions.filter((row) => row.remote === remote).sort((a, b) => b.version.localeCompare(a.version));
  if (rows.length === 0) return <p>No visits reported for {remote} yet.</p>;
  return (
    <DataTable caption={`What visitors met on each version of ${remote}`} cards={640}>
      <thead>
        <tr>
          <th scope="col">Version</th>
          <th scope="col">Visits</th>
          <th scope="col">Error rate</th>
          <th scope="col">p75 LCP</th>
          <th scope="col">p75 INP</th>
          <th scope="col">p75 CLS</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.version}>
            <td data-label="Version">{row.version === 'build' ? 'its own build' : <code>{row.version}</code>}</td>
            <td data-label="Visits">{row.visits}</td>
            <td data-label="Error rate">{percent(row.error_rate)}</td>
            <td data-label="p75 LCP">{seconds(row.lcp_p75)}</td>
            <td data-label="p75 INP">{seconds(row.inp_p75)}</td>
            <td data-label="p75 CLS">{plain(row.cls_p75)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
