import type { RealmExportRecord } from '@zulip-es/contracts';

/** The organization's exports: one aggregate (key `realm`), one document. */
export interface RealmExportsState {
  /** The sequence of the last export event applied. */
  version: number;
  lastExportId: number;
  exports: RealmExportRecord[];
}

export const REALM_EXPORTS_AGGREGATE = 'realm_exports';
export const NO_REALM_EXPORTS: RealmExportsState = { version: 0, lastExportId: 0, exports: [] };
