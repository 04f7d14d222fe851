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

/**
 * The user ids of `count` accounts named `<label>-<i>@example.com` (by index), creating those
 * missing (kept across runs, so only the first run creates them, at the speed of scrypt, about 12
 * accounts/s), without fetching their API keys. Creations are decided one at a time (key
 * `realm`); two in flight only hide the round trip. On a loaded machine one may time out yet be
 * done later, so each pass starts from the list. `created`: how many this call created.
 */
export async function keptAccountIds(
  api: ApiCall,
  label: string,
  count: number,
  password: string,
  fullName: (i: number) => string,
): Promise<{ userIds: number[]; created: number }> {
  const email = (i: number) => `${label}-${i}@example.com`;
  const indexOf = new Map(Array.from({ length: count }, (_, i) => [email(i), i]));
  const found = new Map<number, number>();
  const list = async () => {
    for (const m of (await api('GET', '/users')).members as { user_id: number; email: string }[]) {
      const index = indexOf.get(m.email);
      if (index !== undefined) found.set(index, m.user_id);
    }
  };
  await list();
  const missing = count - found.size;
  for (let pass = 0; pass < 3 && found.size < count; pass++) {
    if (pass > 0) await list();
    const todo = Array.from({ length: count }, (_, i) => i).filter((i) => !found.has(i));
    await inParallel(todo, 2, async (i) => {
      const created = await api('POST', '/users', { email: email(i), password, full_name: fullName(i) }).catch(() => null);
      if (created) found.set(i, created.user_id as number);
    });
  }
  if (found.size < count) throw new Error(`bench setup: only ${found.size} of ${count} ${label} accounts exist`);
  return { userIds: Array.from({ length: count }, (_, i) => found.get(i)!), created: missing };
}
