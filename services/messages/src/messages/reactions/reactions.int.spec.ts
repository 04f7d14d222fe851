import { MAX_IDENTIFIER_LENGTH, Role } from '@zulip-es/contracts';
import {
  api,
  captureEvents,
  createChannel,
  createUser,
  owner,
  TestEventQueue,
  uniqueChannelName,
  type Credentials,
  type EventCapture,
  type TestUser,
} from '@zulip-es/testing';

const send = async (auth: Credentials, params: Record<string, unknown>): Promise<number> => {
  const res = await api('POST', '/messages', { auth, params });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
};
const react = (auth: Credentials, id: number, params: Record<string, unknown>) =>
  api('POST', `/messages/${id}/reactions`, { auth, params });
const unreact = (auth: Credentials, id: number, params: Record<string, unknown>) =>
  api('DELETE', `/messages/${id}/reactions`, { auth, params });
const reactionsOf = async (auth: Credentials, id: number) =>
  ((await api('GET', `/messages/${id}`, { auth })).body.message as { reactions: unknown[] }).reactions;
const error = (code: string, msg: string) => ({ result: 'error', code, msg });

describe('reactions', () => {
  let capture: EventCapture;
  let author: TestUser;
  let reader: TestUser;
  let channel: string;
  beforeAll(async () => {
    capture = await captureEvents('messages');
    [author, reader] = await Promise.all([createUser({ label: 'react-author' }), createUser({ label: 'react-reader' })]);
    channel = uniqueChannelName('reactions');
    await createChannel({ name: channel, subscribers: [author.userId, reader.userId] });
  });
  afterAll(() => capture.stop());

  it('records reactions in the order given, in every payload of the message, and takes them back', async () => {
    const id = await send(author, { type: 'stream', to: channel, topic: 'r', content: 'react to me' });
    expect((await react(reader, id, { emoji_name: 'thumbs_up' })).body).toEqual({ result: 'success', msg: '' });
    const added = await capture.waitFor((e) => e.type === 'reaction.added.v1' && e.data.messageId === id);
    expect(added).toMatchObject({
      aggregateId: 'messages',
      data: { userId: reader.userId, emojiName: 'thumbs_up', emojiCode: '1f44d', reactionType: 'unicode_emoji' },
    });
    // Joining takes the first reaction's name, whatever name the second user sent.
    expect((await react(author, id, { emoji_name: 'like', emoji_code: '1f44d', reaction_type: 'unicode_emoji' })).status).toBe(200);
    expect((await react(author, id, { emoji_name: 'zulip' })).status).toBe(200);
    const expected = [
      { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: reader.userId },
      { emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: author.userId },
      { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji', user_id: author.userId },
    ];
    expect(await reactionsOf(reader, id)).toEqual(expected);
    const listed = await api('GET', '/messages', {
      auth: author,
      params: { anchor: id, num_before: 0, num_after: 0, narrow: [['channel', channel]] },
    });
    expect((listed.body.messages as { reactions: unknown[] }[])[0]!.reactions).toEqual(expected);

    expect((await unreact(reader, id, { emoji_code: '1f44d' })).body).toEqual({ result: 'success', msg: '' });
    await capture.waitFor((e) => e.type === 'reaction.removed.v1' && e.data.messageId === id && e.data.userId === reader.userId);
    expect(await reactionsOf(reader, id)).toEqual(expected.slice(1));
  });

  it("answers Zulip's errors and changes nothing", async () => {
    const id = await send(author, { type: 'stream', to: channel, topic: 'r', content: 'errors' });
    await react(reader, id, { emoji_name: 'heart' });
    expect((await react(reader, id, { emoji_name: 'love' })).body).toEqual(error('REACTION_ALREADY_EXISTS', 'Reaction already exists.'));
    expect((await unreact(author, id, { emoji_name: 'heart' })).body).toEqual(error('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist."));
    expect((await react(reader, id, {})).body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'emoji_name' argument" });
    expect((await react(reader, id, { emoji_name: 'no_such_emoji' })).body).toEqual(
      error('BAD_REQUEST', "Emoji 'no_such_emoji' does not exist"),
    );
    expect((await react(reader, id, { emoji_name: 'heart', emoji_code: '1f44d', reaction_type: 'unicode_emoji' })).body).toEqual(
      error('BAD_REQUEST', 'Invalid emoji name.'),
    );
    expect((await react(reader, id, { emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji' })).body).toEqual(
      error('BAD_REQUEST', 'Invalid emoji name.'),
    );
    expect((await react(reader, id, { emoji_name: 'x', emoji_code: 'x', reaction_type: 'sticker' })).body).toEqual(
      error('BAD_REQUEST', 'Invalid emoji type.'),
    );
    expect((await unreact(reader, id, {})).body).toEqual(
      error('BAD_REQUEST', 'At least one of the following arguments must be present: emoji_name, emoji_code'),
    );
    expect((await react(reader, 999_999_999, { emoji_name: 'heart' })).body).toEqual(error('BAD_REQUEST', 'Invalid message(s)'));
    expect(await reactionsOf(reader, id)).toEqual([
      { emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji', user_id: reader.userId },
    ]);
  });

  it('lets only those who may read the message react to it', async () => {
    const [guest, outsider] = await Promise.all([
      createUser({ role: Role.GUEST, label: 'react-guest' }),
      createUser({ label: 'react-outsider' }),
    ]);
    const inChannel = await send(author, { type: 'stream', to: channel, topic: 'r', content: 'public' });
    const direct = await send(author, { type: 'direct', to: [reader.userId], content: 'between us' });
    expect((await react(guest, inChannel, { emoji_name: 'heart' })).body).toEqual(error('BAD_REQUEST', 'Invalid message(s)'));
    expect((await react(outsider, direct, { emoji_name: 'heart' })).body).toEqual(error('BAD_REQUEST', 'Invalid message(s)'));
    // A member reads a public channel without being subscribed, and may react there.
    expect((await react(outsider, inChannel, { emoji_name: 'heart' })).status).toBe(200);
    expect((await react(reader, direct, { emoji_name: 'heart' })).status).toBe(200);
  });

  it('tells the readers and the reacting user, with the deprecated user object', async () => {
    const outsider = await createUser({ label: 'react-watcher' });
    const [readerQueue, outsiderQueue] = await Promise.all([
      TestEventQueue.register(reader, { event_types: ['reaction'] }),
      TestEventQueue.register(outsider, { event_types: ['reaction'] }),
    ]);
    const id = await send(author, { type: 'stream', to: channel, topic: 'r', content: 'watch' });
    await react(outsider, id, { emoji_name: 'octopus' });
    const expected = {
      type: 'reaction',
      op: 'add',
      user_id: outsider.userId,
      user: { user_id: outsider.userId, email: expect.any(String), full_name: expect.any(String) },
      message_id: id,
      emoji_name: 'octopus',
      emoji_code: '1f419',
      reaction_type: 'unicode_emoji',
    };
    expect(await readerQueue.waitFor((e) => e.type === 'reaction' && e.message_id === id)).toEqual({ id: expect.any(Number), ...expected });
    expect(await outsiderQueue.waitFor((e) => e.type === 'reaction' && e.message_id === id)).toMatchObject(expected);
    await unreact(outsider, id, { emoji_name: 'octopus' });
    expect(await readerQueue.waitFor((e) => e.type === 'reaction' && e.op === 'remove' && e.message_id === id)).toMatchObject({
      ...expected,
      op: 'remove',
    });
    await Promise.all([readerQueue.delete(), outsiderQueue.delete()]);
  });

  it('takes the longest emoji parameters and refuses longer ones', async () => {
    const id = await send(owner(), { type: 'stream', to: channel, topic: 'r', content: 'bounds' });
    const longest = 'e'.repeat(MAX_IDENTIFIER_LENGTH);
    expect((await react(reader, id, { emoji_name: longest, emoji_code: longest, reaction_type: 'unicode_emoji' })).body).toEqual(
      error('BAD_REQUEST', 'Invalid emoji code.'),
    );
    expect((await react(reader, id, { emoji_name: `${longest}e` })).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect((await react(reader, id, { emoji_name: 'heart' })).status).toBe(200);
  });

  it('keeps many reactions of many users at once, each once', async () => {
    const id = await send(author, { type: 'stream', to: channel, topic: 'r', content: 'popular' });
    const names = ['+1', 'heart', 'tada', 'octopus', 'rocket', 'eyes', 'fire', 'smile'];
    await Promise.all([author, reader].flatMap((user) => names.map((emoji_name) => react(user, id, { emoji_name }))));
    const reactions = (await reactionsOf(author, id)) as { user_id: number; emoji_name: string }[];
    expect(reactions).toHaveLength(names.length * 2);
    expect(new Set(reactions.map((r) => `${r.user_id}:${r.emoji_name}`)).size).toBe(names.length * 2);
  });
});
