import { basicAuth } from '../../libs/testing/src/zulip-client';
import type { ApiCall } from './api';
import { inParallel } from './in-parallel';

export interface BenchUser {
  userId: number;
  authorization: string;
}

/**
 * `count` accounts named `<label>-<i>@example.com`, created by the first run only (the bench's
 * organization keeps them, so nothing piles up across runs), with their API keys.
 */
export async function keptAccounts(api: ApiCall, label: string, count: number, password: string): Promise<BenchUser[]> {
  const email = (i: number) => `${label}-${i}@example.com`;
  const existing = new Map(((await api('GET', '/users')).members as { user_id: number; email: string }[]).map((m) => [m.email, m.user_id]));
  const indexes = Array.from({ length: count }, (_, i) => i);
  for (const i of indexes.filter((i) => !existing.has(email(i)))) {
    const created = await api('POST', '/users', { email: email(i), password, full_name: `${label} ${i}` });
    existing.set(email(i), created.user_id as number);
  }
  const users: BenchUser[] = [];
  await inParallel(indexes, 4, async (i) => {
    const key = await api('POST', '/fetch_api_key', { username: email(i), password });
    users[i] = { userId: existing.get(email(i))!, authorization: basicAuth({ email: email(i), apiKey: key.api_key as string }) };
  });
  return users;
}
