import type { RemoteStatus } from '@site/shared/contracts/system';
import { DataTable, Empty, Pill } from '../../components/ui';
import { Panel } from './panels';

/** Each remote remotes.json names, with the version it serves now. */
export function RemotesPanel({ remotes }: { remotes: RemoteStatus[] | null }) {
  return (
    <Panel id="remotes" title="Front ends">
      {remotes === null && <Empty text="remotes.json cannot be read here: the front ends are not built or not served by this instance." />}
      {remotes?.length === 0 && <Empty text="remotes.json names no remote." />}
      {remotes && remotes.length > 0 && (
        <DataTable caption="Remotes and the version each serves now" cards={760}>
          <thead>
            <tr>
              <th scope="col">Remote</th>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col">Entry</th>
            </tr>
          </thead>
          <tbody>
            {remotes.map((remote) => (
              <tr key={remote.name}>
                <td data-label="Remote">{remote.name}</td>
                <td data-label="Version">
                  <code>{remote.version ?? '—'}</code>
                </td>
                <td data-label="Status">{remote.reachable ? <Pill $tone="ok">Loads</Pill> : <Pill $tone="warn">Unreachable</Pill>}</td>
                <td data-label="Entry">
                  <code>{remote.entry}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Panel>
  );
}
