import { randomBytes } from 'node:crypto';
import type zulip from 'zulip-js';
import { Role } from '@zulip-es/contracts';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/**
 * E13/E16 linkifiers through zulip-js: `filters.retrieve()` and `callEndpoint`. Linkifiers belong
 * to the whole organization: tests look at their own (by id), and the reorder, which must name
 * every linkifier, works from the list it reads first.
 */

interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}
type Linkifiers = { linkifiers: Linkifier[] };

const aLinkifier = () => {
  const tag = randomBytes(4).toString('hex');
  return { pattern: `ZJS${tag}-(?P<id>[0-9]+)`, url_template: `https://tracker.example/${tag}/{id}` };
};
const listOf = async (client: zulip.Client) => succeeded(await client.callEndpoint<Linkifiers>('/realm/linkifiers')).linkifiers;

describe('zulip-js: linkifiers (E13, E16)', () => {
  let admin: zulip.Client;
  let member: zulip.Client;
  const add = async (params = aLinkifier()): Promise<number> =>
    succeeded(await admin.callEndpoint<{ id: number }>('/realm/filters', 'POST', params)).id;
  beforeAll(async () => {
    admin = (await newUserClient({ role: Role.ADMINISTRATOR, label: 'zjs-lk-admin' })).client;
    member = (await newUserClient({ label: 'zjs-lk-member' })).client;
  });

  it('adds, updates and removes a linkifier, which every member reads in GET /realm/linkifiers', async () => {
    const params = aLinkifier();
    const added = succeeded(await admin.callEndpoint<{ id: number }>('/realm/filters', 'POST', params));
    expect(added).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    expect(await listOf(member)).toContainEqual({ id: added.id, ...params });

    const replacement = aLinkifier();
    expect(succeeded(await admin.callEndpoint(`/realm/filters/${added.id}`, 'PATCH', replacement))).toEqual({ result: 'success', msg: '' });
    expect((await listOf(member)).find((l) => l.id === added.id)).toEqual({ id: added.id, ...replacement });

    expect(succeeded(await admin.callEndpoint(`/realm/filters/${added.id}`, 'DELETE'))).toEqual({ result: 'success', msg: '' });
    expect((await listOf(member)).some((l) => l.id === added.id)).toBe(false);
    expect(failed(await admin.callEndpoint(`/realm/filters/${added.id}`, 'DELETE'))).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Linkifier not found.',
    });
  });

  it('reorders every linkifier with the id list JSON-encoded in the query string', async () => {
    const mine = [await add(), await add()];
    let ordered: number[] = [];
    // Other test files may add or remove linkifiers in between: read again and retry then.
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = (await listOf(admin)).map((l) => l.id);
      ordered = [...mine].reverse().concat(current.filter((id) => !mine.includes(id)));
      const res = await admin.callEndpoint('/realm/linkifiers', 'PATCH', { ordered_linkifier_ids: JSON.stringify(ordered) });
      if (res.result === 'success') break;
      expect(res.msg).toBe('The ordered list must enumerate all existing linkifiers exactly once');
    }
    expect((await listOf(member)).map((l) => l.id).filter((id) => mine.includes(id))).toEqual([...mine].reverse());
    const duplicated = failed(
      await admin.callEndpoint('/realm/linkifiers', 'PATCH', { ordered_linkifier_ids: JSON.stringify([...ordered, ordered[0]]) }),
    );
    expect(duplicated).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'The ordered list must not contain duplicated linkifiers' });
    for (const id of mine) succeeded(await admin.callEndpoint(`/realm/filters/${id}`, 'DELETE'));
  });

  it('answers an invalid template with the validation failure and its field errors, and a member with UNAUTHORIZED_PRINCIPAL', async () => {
    const msg = "Group 'page' in URL template is not present in linkifier pattern.";
    const invalid = failed(
      await admin.callEndpoint('/realm/filters', 'POST', { pattern: 'ZJS(?P<id>[0-9]+)', url_template: 'https://x.example/{id}/{page}' }),
    );
    expect(invalid).toEqual({ result: 'error', code: 'BAD_REQUEST', msg, errors: { __all__: [msg] } });
    expect(failed(await member.callEndpoint('/realm/filters', 'POST', aLinkifier()))).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
  });

  // zulip-js's one linkifier method calls the legacy GET /realm/filters, which Zulip no longer
  // serves (since feature level 54 it routes only POST there): Zulip's method-not-allowed answer.
  it('answers filters.retrieve() as Zulip does: 405, the methods the path allows', async () => {
    expect(failed(await member.filters.retrieve())).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
  });
});
