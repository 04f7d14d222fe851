import { Role } from '@zulip-es/contracts';
import {
  api,
  createGroup,
  createUser,
  owner,
  TestEventQueue,
  uniqueEmail,
  uniqueGroupName,
  uploadFile,
  type ClientEvent,
  type TestUser,
} from '@zulip-es/testing';

/**
 * Organization-wide changes reach every user's queue (in the form their registration asked
 * for); invitations reach administrators and the sender; a user's own settings, files and
 * devices reach only that user.
 */
describe('fan-out of organization changes to event queues', () => {
  let member: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    [member, other, admin] = await Promise.all([
      createUser({ label: 'org-ev-member' }),
      createUser({ label: 'org-ev-other' }),
      createUser({ label: 'org-ev-admin', role: Role.ADMINISTRATOR }),
    ]);
  });

  const none = async (queue: TestEventQueue, match: (e: ClientEvent) => boolean) => expect((await queue.drain()).filter(match)).toEqual([]);

  it('tells everyone of an organization setting as realm update_dict', async () => {
    const queue = await TestEventQueue.register(member);
    const before = (await api('POST', '/register', { auth: member, params: { fetch_event_types: ['realm'] } })).body
      .realm_description as string;
    const description = `Described at ${Date.now()}`;
    expect((await api('PATCH', '/realm', { auth: owner(), params: { description } })).status).toBe(200);
    expect(await queue.waitFor((e) => e.type === 'realm' && (e.data as { description?: string }).description === description)).toEqual({
      id: expect.any(Number),
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { description },
    });
    await api('PATCH', '/realm', { auth: owner(), params: { description: before } });
  });

  it('tells everyone of a new default setting for new users', async () => {
    const queue = await TestEventQueue.register(member);
    const current = (await api('POST', '/register', { auth: member, params: { fetch_event_types: ['realm_user_settings_defaults'] } })).body
      .realm_user_settings_defaults as { enter_sends: boolean };
    expect(
      (await api('PATCH', '/realm/user_settings_defaults', { auth: owner(), params: { enter_sends: !current.enter_sends } })).status,
    ).toBe(200);
    expect(await queue.waitFor((e) => e.type === 'realm_user_settings_defaults')).toEqual({
      id: expect.any(Number),
      type: 'realm_user_settings_defaults',
      op: 'update',
      property: 'enter_sends',
      value: !current.enter_sends,
    });
    await api('PATCH', '/realm/user_settings_defaults', { auth: owner(), params: { enter_sends: current.enter_sends } });
  });

  it('tells only the user of their own setting', async () => {
    const [mine, theirs] = await Promise.all([TestEventQueue.register(member), TestEventQueue.register(other)]);
    const { enter_sends: current } = (await api('POST', '/register', { auth: member, params: { fetch_event_types: ['user_settings'] } }))
      .body.user_settings as { enter_sends: boolean };
    expect((await api('PATCH', '/settings', { auth: member, params: { enter_sends: !current } })).status).toBe(200);
    expect(await mine.waitFor((e) => e.type === 'user_settings')).toEqual({
      id: expect.any(Number),
      type: 'user_settings',
      op: 'update',
      property: 'enter_sends',
      value: !current,
    });
    await none(theirs, (e) => e.type === 'user_settings');
  });

  it('sends the whole list of profile fields when one is added', async () => {
    const queue = await TestEventQueue.register(member);
    const name = `Field ${Date.now()}`;
    const created = await api('POST', '/realm/profile_fields', { auth: owner(), params: { field_type: 1, name, hint: 'a hint' } });
    expect(created.status).toBe(200);
    const event = await queue.waitFor(
      (e) => e.type === 'custom_profile_fields' && (e.fields as { name: string }[]).some((f) => f.name === name),
    );
    const listed = (await api('GET', '/realm/profile_fields', { auth: member })).body.custom_fields;
    expect(event.fields).toEqual(listed);
    await api('DELETE', `/realm/profile_fields/${created.body.id}`, { auth: owner() });
  });

  it('sends linkifiers to queues that declared linkifier_url_template, and nothing to the others', async () => {
    const [capable, plain] = await Promise.all([
      TestEventQueue.register(member, { client_capabilities: { linkifier_url_template: true } }),
      TestEventQueue.register(member),
    ]);
    const pattern = `LNK${Date.now()}-(?P<id>[0-9]+)`;
    const added = await api('POST', '/realm/filters', { auth: owner(), params: { pattern, url_template: 'https://example.com/{id}' } });
    expect(added.status).toBe(200);
    const event = await capable.waitFor(
      (e) => e.type === 'realm_linkifiers' && (e.realm_linkifiers as { pattern: string }[]).some((l) => l.pattern === pattern),
    );
    expect(event.realm_linkifiers).toEqual((await api('GET', '/realm/linkifiers', { auth: member })).body.linkifiers);
    await none(plain, (e) => e.type === 'realm_linkifiers');
    await api('DELETE', `/realm/filters/${added.body.id}`, { auth: owner() });
  });

  it('tells everyone of a new group as GET /user_groups shows it, and of its members', async () => {
    const queue = await TestEventQueue.register(other);
    const name = uniqueGroupName('ev');
    const groupId = await createGroup({ name, description: 'watched', members: [member.userId] });
    const added = await queue.waitFor((e) => e.type === 'user_group' && e.op === 'add' && (e.group as { id: number }).id === groupId);
    const listed = ((await api('GET', '/user_groups', { auth: other })).body.user_groups as { id: number }[]).find((g) => g.id === groupId);
    expect(added.group).toEqual(listed);
    expect((await api('POST', `/user_groups/${groupId}/members`, { auth: owner(), params: { add: [other.userId] } })).status).toBe(200);
    expect(await queue.waitFor((e) => e.type === 'user_group' && e.op === 'add_members' && e.group_id === groupId)).toEqual({
      id: expect.any(Number),
      type: 'user_group',
      op: 'add_members',
      group_id: groupId,
      user_ids: [other.userId],
    });
  });

  it('tells administrators and the sender that invitations changed, and not other members', async () => {
    const [senderQ, adminQ, otherQ] = await Promise.all([
      TestEventQueue.register(member),
      TestEventQueue.register(admin),
      TestEventQueue.register(other),
    ]);
    expect(
      (await api('POST', '/invites', { auth: member, params: { invitee_emails: uniqueEmail('ev-invite'), stream_ids: [] } })).status,
    ).toBe(200);
    expect(await senderQ.waitFor((e) => e.type === 'invites_changed')).toEqual({ id: expect.any(Number), type: 'invites_changed' });
    await adminQ.waitFor((e) => e.type === 'invites_changed');
    await none(otherQ, (e) => e.type === 'invites_changed');
  });

  it('tells only the owner of an uploaded file, as GET /attachments shows it', async () => {
    const [mine, theirs] = await Promise.all([TestEventQueue.register(member), TestEventQueue.register(other)]);
    const { pathId } = await uploadFile(member, 'watched.txt');
    const added = await mine.waitFor((e) => e.type === 'attachment' && e.op === 'add');
    const listed = (await api('GET', '/attachments', { auth: member })).body;
    expect(added).toEqual({
      id: expect.any(Number),
      type: 'attachment',
      op: 'add',
      attachment: (listed.attachments as { path_id: string }[]).find((a) => a.path_id === pathId),
      upload_space_used: expect.any(Number),
    });
    await none(theirs, (e) => e.type === 'attachment');
  });
});
