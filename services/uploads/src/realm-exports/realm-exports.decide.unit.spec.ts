import { realmExportViews, type RealmExportRecord } from '@zulip-es/contracts';
import { decideCompleteExport, decideDeleteExport, decideFailExport, decideStartExport, type StartExport } from './realm-exports.decide';
import { NO_REALM_EXPORTS, type RealmExportsState } from './realm-exports.state';

const now = new Date('2026-11-27T12:00:00.000Z');
const path = 'exports/1/AbCdEfGhIjKlMnOpQrStUvWx/zulip-export-1a2b3c4d.tar.gz';
const start: StartExport = {
  exportType: 1,
  actorId: 7,
  now,
  uploadSpaceUsed: 0,
  path,
  supportEmail: 'zulip-admin@example.com',
  perWeek: 5,
};
const record = (exportId: number, status: RealmExportRecord['status'], requestedAt = '2026-11-01T00:00:00.000Z'): RealmExportRecord => ({
  exportId,
  exportType: 1,
  actingUserId: 7,
  requestedAt,
  path: `exports/1/x${exportId}/zulip-export-${exportId}.tar.gz`,
  status,
});
const state = (...exports: RealmExportRecord[]): RealmExportsState => ({
  version: exports.length * 2,
  lastExportId: exports.length,
  exports,
});
const error = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('starting an organization export', () => {
  it('records the request as the next export, with the archive path chosen for it', () => {
    expect(decideStartExport(state(record(1, 'succeeded')), start)).toEqual([
      {
        type: 'realm_export.requested.v1',
        aggregateId: 'realm_exports',
        sequence: 3,
        data: { exportId: 2, exportType: 1, actingUserId: 7, requestedAt: now.toISOString(), path },
      },
    ]);
  });

  it('takes a standard export (type 2)', () => {
    expect(decideStartExport(NO_REALM_EXPORTS, { ...start, exportType: 2 })[0]!.data).toMatchObject({ exportId: 1, exportType: 2 });
  });

  it.each([0, 3, -1, 100])("refuses export_type %s with Zulip's message", (exportType) => {
    expect(() => decideStartExport(NO_REALM_EXPORTS, { ...start, exportType })).toThrow(
      error('Invalid export_type: Value error, Not in the list of possible values'),
    );
  });

  it('refuses a sixth export requested within seven days', () => {
    const recent = [1, 2, 3, 4, 5].map((id) => record(id, id === 3 ? 'failed' : 'succeeded', '2026-11-21T12:00:00.000Z'));
    expect(() => decideStartExport(state(...recent), start)).toThrow(error('Exceeded rate limit.'));
  });

  it('counts only the exports of the last seven days', () => {
    const old = [1, 2, 3, 4, 5].map((id) => record(id, 'deleted', '2026-11-20T11:59:59.000Z'));
    expect(decideStartExport(state(...old), start)[0]!.data.exportId).toBe(6);
  });

  it('refuses an organization whose uploads take more than 20 GiB, naming who to ask', () => {
    expect(() => decideStartExport(NO_REALM_EXPORTS, { ...start, uploadSpaceUsed: 20 * 1024 ** 3 + 1 })).toThrow(
      error(
        'The export you requested is too large for automatic processing. Please request a manual export by contacting zulip-admin@example.com.',
      ),
    );
  });
});

describe('deleting an organization export', () => {
  const exports = state(record(1, 'succeeded'), record(2, 'failed'), record(3, 'deleted'), record(4, 'pending'));

  it('records the deletion of a finished export with its archive path', () => {
    expect(decideDeleteExport(exports, 1, 9, now)).toEqual([
      {
        type: 'realm_export.deleted.v1',
        aggregateId: 'realm_exports',
        sequence: 9,
        data: { exportId: 1, deletedAt: now.toISOString(), deletedBy: 9, path: exports.exports[0]!.path },
      },
    ]);
  });

  it.each([
    [99, 'Invalid data export ID'],
    [3, 'Export already deleted'],
    [2, 'Export failed, nothing to delete'],
    [4, 'Export still in progress'],
  ])('refuses export %s: %s', (id, msg) => {
    expect(() => decideDeleteExport(exports, id, 9, now)).toThrow(error(msg));
  });
});

describe("recording an export job's outcome", () => {
  const exports = state(record(1, 'pending'), record(2, 'succeeded'));
  const sha256 = 'a'.repeat(64);

  it('records a pending export as succeeded, with the archive size and checksum', () => {
    expect(decideCompleteExport(exports, { exportId: 1, size: 1234, sha256 }, now)).toEqual([
      {
        type: 'realm_export.succeeded.v1',
        aggregateId: 'realm_exports',
        sequence: 5,
        data: { exportId: 1, succeededAt: now.toISOString(), size: 1234, sha256 },
      },
    ]);
  });

  it('records a pending export as failed, its reason cut to 1,000 characters', () => {
    const [event] = decideFailExport(exports, { exportId: 1, reason: 'x'.repeat(1000) }, now);
    expect(event).toMatchObject({ type: 'realm_export.failed.v1', data: { exportId: 1, failedAt: now.toISOString() } });
  });

  it('changes nothing for an export no longer pending, or unknown (a job run again)', () => {
    expect(decideCompleteExport(exports, { exportId: 2, size: 1, sha256 }, now)).toEqual([]);
    expect(decideFailExport(exports, { exportId: 2, reason: 'late' }, now)).toEqual([]);
    expect(decideCompleteExport(exports, { exportId: 7, size: 1, sha256 }, now)).toEqual([]);
  });
});

describe("Zulip's serialized exports (GET /export/realm, realm_export events)", () => {
  it('shows the URL of a succeeded export only, and whole-second timestamps', () => {
    const succeeded: RealmExportRecord = {
      ...record(1, 'succeeded', '2026-11-01T00:00:01.900Z'),
      succeededAt: '2026-11-01T00:01:00.000Z',
      size: 10,
      sha256: 'a',
    };
    const failed: RealmExportRecord = { ...record(2, 'failed'), exportType: 2, failedAt: '2026-11-01T00:00:03.000Z' };
    const deleted: RealmExportRecord = { ...record(3, 'deleted'), deletedAt: '2026-11-02T00:00:00.000Z' };
    expect(realmExportViews([deleted, failed, succeeded, record(4, 'pending')], 'http://chat.example.com/')).toEqual([
      {
        id: 1,
        export_time: 1793491201,
        acting_user_id: 7,
        export_url: 'http://chat.example.com/user_avatars/exports/1/x1/zulip-export-1.tar.gz',
        deleted_timestamp: null,
        failed_timestamp: null,
        pending: false,
        export_type: 1,
      },
      {
        id: 2,
        export_time: 1793491200,
        acting_user_id: 7,
        export_url: null,
        deleted_timestamp: null,
        failed_timestamp: 1793491203,
        pending: false,
        export_type: 2,
      },
      {
        id: 3,
        export_time: 1793491200,
        acting_user_id: 7,
        export_url: null,
        deleted_timestamp: 1793577600,
        failed_timestamp: null,
        pending: false,
        export_type: 1,
      },
      {
        id: 4,
        export_time: 1793491200,
        acting_user_id: 7,
        export_url: null,
        deleted_timestamp: null,
        failed_timestamp: null,
        pending: true,
        export_type: 1,
      },
    ]);
  });
});
