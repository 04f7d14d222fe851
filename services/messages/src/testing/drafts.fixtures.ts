import { api, type ApiResponse, type Credentials } from '@zulip-es/testing';

/** A draft as a client sends it, with what a test needs changed. */
export const draftParams = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: '',
  to: [],
  topic: '',
  content: 'A thought',
  ...overrides,
});

export interface DraftView {
  id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export const saveDrafts = (auth: Credentials, drafts: Record<string, unknown>[]): Promise<ApiResponse> =>
  api('POST', '/drafts', { auth, params: { drafts } });

/** Saves one draft and returns its id. */
export async function saveDraft(auth: Credentials, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await saveDrafts(auth, [draftParams(overrides)]);
  if (res.status !== 200) throw new Error(`save draft failed: ${JSON.stringify(res.body)}`);
  return (res.body.ids as number[])[0];
}

export async function draftsOf(auth: Credentials): Promise<DraftView[]> {
  const res = await api('GET', '/drafts', { auth });
  if (res.status !== 200) throw new Error(`get drafts failed: ${JSON.stringify(res.body)}`);
  if (res.body.count !== (res.body.drafts as unknown[]).length)
    throw new Error(`count ${String(res.body.count)} differs from the drafts listed`);
  return res.body.drafts as DraftView[];
}

export const draftsSync = (auth: Credentials, enabled: boolean): Promise<ApiResponse> =>
  api('PATCH', '/settings', { auth, params: { enable_drafts_synchronization: enabled } });

export const success = { result: 'success', msg: '' };
export const badRequest = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
export const SYNC_DISABLED = badRequest('User has disabled synchronizing drafts.');
export const NOT_FOUND = badRequest('Draft does not exist');
export const DEACTIVATED = { result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' };
