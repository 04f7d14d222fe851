import { Role } from '@zulip-es/contracts';
import { api, createChannel, createUser, owner, TestEventQueue, uniqueChannelName, type Credentials } from '@zulip-es/testing';

type Folder = { id: number; name: string; order: number; is_archived: boolean; rendered_description: string; creator_id: number };
const list = async (auth: Credentials, include_archived = false) =>
  (await api('GET', '/channel_folders', { auth, params: { include_archived } })).body.channel_folders as Folder[];
const create = (name: string, description = '') => api('POST', '/channel_folders/create', { auth: owner(), params: { name, description } });
const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** Folders are organization-wide: the cases run in order in one describe, each with its own names. */
describe('channel folders', () => {
  it('creates folders, tells every user, and lists them by order for any member and at registration', async () => {
    const member = await createUser({ label: 'folders-member' });
    const queue = await TestEventQueue.register(member, { event_types: ['channel_folder'] });
    const name = unique('Engineering');
    const created = await create(name, 'Where **we** build');
    expect(created.body).toEqual({ result: 'success', msg: '', channel_folder_id: expect.any(Number) });
    const id = created.body.channel_folder_id as number;
    const event = await queue.waitFor((e) => e.type === 'channel_folder' && e.op === 'add');
    const shown = {
      id,
      name,
      description: 'Where **we** build',
      rendered_description: '<p>Where <strong>we</strong> build</p>',
      order: id,
      creator_id: expect.any(Number),
      date_created: expect.any(Number),
      is_archived: false,
    };
    expect(event.channel_folder).toEqual(shown);
    expect((await list(member)).find((f) => f.id === id)).toEqual(shown);
    const registered = await api('POST', '/register', { auth: member, params: { fetch_event_types: ['channel_folders', 'realm'] } });
    expect((registered.body.channel_folders as Folder[]).find((f) => f.id === id)).toEqual(shown);
    expect(registered.body).toMatchObject({ max_channel_folder_name_length: 60, max_channel_folder_description_length: 1024 });

    expect((await create(name.toUpperCase())).body).toEqual(error('Channel folder name already in use'));
    expect((await create(' ')).body).toEqual(error("Channel folder name can't be empty."));
    expect((await create('x'.repeat(61))).body).toEqual(error('name is too long (limit: 60 characters)'));
    const moderator = await createUser({ role: Role.MODERATOR, label: 'folders-moderator' });
    expect(
      (await api('POST', '/channel_folders/create', { auth: moderator, params: { name: unique('Nope'), description: '' } })).body,
    ).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
  });

  it('puts new channels in a folder, and archives a folder only once it is empty', async () => {
    const id = (await create(unique('Projects'))).body.channel_folder_id as number;
    const name = uniqueChannelName('in-folder');
    const channelId = await createChannel({ name, subscribers: [], folder_id: id });
    expect((await api('GET', `/streams/${channelId}`, { auth: owner() })).body.stream).toMatchObject({ folder_id: id });
    expect(
      (
        await api('POST', '/channels/create', {
          auth: owner(),
          params: { name: uniqueChannelName('x'), subscribers: '[]', folder_id: 2 ** 31 - 1 },
        })
      ).body,
    ).toEqual(error('Invalid channel folder ID'));
    const archive = () => api('PATCH', `/channel_folders/${id}`, { auth: owner(), params: { is_archived: true } });
    expect((await archive()).body).toEqual(error('You need to remove all the channels from this folder to archive it.'));

    const empty = (await create(unique('Empty'))).body.channel_folder_id as number;
    const queue = await TestEventQueue.register(owner(), { event_types: ['channel_folder'] });
    const renamed = unique('Renamed');
    expect((await api('PATCH', `/channel_folders/${empty}`, { auth: owner(), params: { name: renamed, is_archived: true } })).body).toEqual(
      { result: 'success', msg: '' },
    );
    await queue.waitFor((e) => e.op === 'update' && (e.data as { is_archived?: boolean }).is_archived === true);
    expect(queue.ofType('channel_folder').map((e) => e.data)).toEqual([{ name: renamed }, { is_archived: true }]);
    expect((await list(owner())).some((f) => f.id === empty)).toBe(false);
    expect((await list(owner(), true)).find((f) => f.id === empty)).toMatchObject({ name: renamed, is_archived: true });
    expect((await api('PATCH', `/channel_folders/${2 ** 31 - 1}`, { auth: owner(), params: { name: 'x' } })).body).toEqual(
      error('Invalid channel folder ID'),
    );
  });

  it('reorders every folder as listed, refusing a list that leaves one out', async () => {
    await create(unique('Reordered'));
    const all = await list(owner(), true);
    const reversed = all.map((f) => f.id).reverse();
    expect((await api('PATCH', '/channel_folders', { auth: owner(), params: { order: reversed.slice(1) } })).body).toEqual(
      error('Invalid order mapping.'),
    );
    expect((await api('PATCH', '/channel_folders', { auth: owner(), params: { order: reversed } })).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await list(owner(), true)).map((f) => f.id)).toEqual(reversed);
  });
});
