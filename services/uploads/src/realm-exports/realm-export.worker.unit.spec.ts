import type { RealmExportRecord } from '@zulip-es/contracts';
import type { ArchiveDeps } from './archive/write-archive';
import { failRealmExport, runRealmExport } from './realm-export.worker';
import type { RealmExportsState } from './realm-exports.state';

const record = (status: RealmExportRecord['status']): RealmExportRecord => ({
  exportId: 4,
  exportType: 1,
  actingUserId: 7,
  requestedAt: '2026-11-27T12:00:00.000Z',
  path: 'exports/1/abc/zulip-export-1.tar.gz',
  status,
});
const repoWith = (...exports: RealmExportRecord[]) => ({
  realmExports: async (): Promise<RealmExportsState> => ({ version: exports.length, lastExportId: 4, exports }),
});
/** No Kafka nor bucket: a run that reached them would throw. */
const unreachable = {} as ArchiveDeps;

describe('an export job', () => {
  it.each(['succeeded', 'failed', 'deleted'] as const)('does nothing for an export already %s (a job run again)', async (status) => {
    const send = jest.fn();
    await expect(runRealmExport({ data: { exportId: 4 } }, repoWith(record(status)), unreachable, send, () => new Date())).resolves.toBe(
      status,
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('does nothing for an id that is no export', async () => {
    const send = jest.fn();
    await expect(runRealmExport({ data: { exportId: 9 } }, repoWith(), unreachable, send, () => new Date())).resolves.toBe('unknown');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('an export job that gave up', () => {
  it('removes whatever archive it wrote and records the failure once, by a command id of the export', async () => {
    const removed: string[] = [];
    const send = jest.fn(async () => undefined);
    await failRealmExport(
      4,
      new Error('Kafka went away'),
      { remove: async (key) => void removed.push(key) },
      repoWith(record('pending')),
      send,
    );
    expect(removed).toEqual(['exports/1/abc/zulip-export-1.tar.gz']);
    expect(send).toHaveBeenCalledWith('realm_export.fail', 'realm-export-fail:4', { exportId: 4, reason: 'Kafka went away' });
  });

  it('leaves an export that is no longer pending as it is (its archive too)', async () => {
    const remove = jest.fn();
    const send = jest.fn();
    await failRealmExport(4, new Error('late'), { remove }, repoWith(record('succeeded')), send);
    expect(remove).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
