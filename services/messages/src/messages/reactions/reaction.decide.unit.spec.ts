import { MAX_REACTIONS_PER_MESSAGE } from '@zulip-es/contracts';
import type { CustomEmojiById } from '@zulip-es/zulip-emoji';
import { channelMessage } from '../../testing/messages.fixtures';
import type { StoredReaction } from '../message.state';
import { decideAddReaction, decideRemoveReaction, type ReactionState } from './reaction.decide';

const ME = 7;
const OTHER = 8;
const custom: CustomEmojiById = new Map([
  ['3', { id: '3', name: 'party_parrot', deactivated: false }],
  ['4', { id: '4', name: 'retired_parrot', deactivated: true }],
]);
const given = (reactions: StoredReaction[] = [], overrides: Partial<ReactionState> = {}): ReactionState => ({
  actorId: ME,
  message: channelMessage({ reactions }),
  customEmoji: custom,
  messagesVersion: 41,
  ...overrides,
});
const thumbs = (userId: number, emojiName = '+1'): StoredReaction => ({
  userId,
  emojiName,
  emojiCode: '1f44d',
  reactionType: 'unicode_emoji',
});
const eventOf = (decision: { events: { type: string; aggregateId: string; sequence: number; data: Record<string, unknown> }[] }) =>
  decision.events;
const refusal = (code: string, msg: string) => expect.objectContaining({ code, msg });

describe('adding a reaction', () => {
  it("looks a name up as Zulip names it and records it on the message's conversation", () => {
    expect(eventOf(decideAddReaction({ message_id: 20, emoji_name: 'thumbs_up' }, given()))).toEqual([
      {
        type: 'reaction.added.v1',
        aggregateId: 'messages',
        sequence: 42,
        data: {
          messageId: 20,
          userId: ME,
          emojiName: 'thumbs_up',
          emojiCode: '1f44d',
          reactionType: 'unicode_emoji',
          conversation: { type: 'channel', channelId: 5, topic: 'lunch' },
        },
      },
    ]);
  });

  it('takes the code and type sent, and an active custom emoji by name', () => {
    expect(
      eventOf(decideAddReaction({ message_id: 20, emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji' }, given()))[0]!
        .data,
    ).toMatchObject({ emojiCode: '2764' });
    expect(eventOf(decideAddReaction({ message_id: 20, emoji_name: 'party_parrot' }, given()))[0]!.data).toMatchObject({
      emojiCode: '3',
      reactionType: 'realm_emoji',
    });
    expect(eventOf(decideAddReaction({ message_id: 20, emoji_name: 'zulip' }, given()))[0]!.data).toMatchObject({
      emojiCode: 'zulip',
      reactionType: 'zulip_extra_emoji',
    });
  });

  it("joins another user's reaction under its name, even one whose custom emoji was deactivated", () => {
    const data = eventOf(
      decideAddReaction(
        { message_id: 20, emoji_name: 'like', emoji_code: '1f44d', reaction_type: 'unicode_emoji' },
        given([thumbs(OTHER)]),
      ),
    )[0]!.data;
    expect(data).toMatchObject({ userId: ME, emojiName: '+1', emojiCode: '1f44d' });
    const retired: StoredReaction = { userId: OTHER, emojiName: 'retired_parrot', emojiCode: '4', reactionType: 'realm_emoji' };
    const vote = decideAddReaction(
      { message_id: 20, emoji_name: 'retired_parrot', emoji_code: '4', reaction_type: 'realm_emoji' },
      given([retired]),
    );
    expect(eventOf(vote)[0]!.data).toMatchObject({ emojiName: 'retired_parrot', emojiCode: '4', reactionType: 'realm_emoji' });
  });

  it('refuses the same reaction twice, by its code whatever the name', () => {
    expect(() =>
      decideAddReaction(
        { message_id: 20, emoji_name: 'no_such', emoji_code: '1f44d', reaction_type: 'unicode_emoji' },
        given([thumbs(ME)]),
      ),
    ).toThrow(refusal('REACTION_ALREADY_EXISTS', 'Reaction already exists.'));
  });

  it.each([
    [{ emoji_name: 'no_such_emoji' }, 'BAD_REQUEST', "Emoji 'no_such_emoji' does not exist"],
    [{ emoji_name: 'retired_parrot' }, 'BAD_REQUEST', "Emoji 'retired_parrot' does not exist"],
    [
      { emoji_name: 'retired_parrot', emoji_code: '4', reaction_type: 'realm_emoji' },
      'BAD_REQUEST',
      'This custom emoji has been deactivated.',
    ],
    [{ emoji_name: 'parrot', emoji_code: '3', reaction_type: 'realm_emoji' }, 'BAD_REQUEST', 'Invalid custom emoji name.'],
    [{ emoji_name: 'smile', reaction_type: 'realm_emoji' }, 'BAD_REQUEST', 'Invalid custom emoji.'],
    [{ emoji_name: 'heart', emoji_code: '1f44d', reaction_type: 'unicode_emoji' }, 'BAD_REQUEST', 'Invalid emoji name.'],
    [{ emoji_name: 'heart', emoji_code: 'fffff', reaction_type: 'unicode_emoji' }, 'BAD_REQUEST', 'Invalid emoji code.'],
    [{ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'sticker' }, 'BAD_REQUEST', 'Invalid emoji type.'],
  ])('refuses %j: %s %s', (request, code, msg) => {
    expect(() => decideAddReaction({ message_id: 20, ...request }, given())).toThrow(refusal(code, msg));
  });

  it('refuses a reaction past the bound of one message, which the last one reaches', () => {
    const many = Array.from({ length: MAX_REACTIONS_PER_MESSAGE - 1 }, (_, i) => thumbs(1000 + i));
    expect(eventOf(decideAddReaction({ message_id: 20, emoji_name: '+1' }, given(many)))).toHaveLength(1);
    expect(() => decideAddReaction({ message_id: 20, emoji_name: '+1' }, given([...many, thumbs(OTHER)]))).toThrow(
      refusal('BAD_REQUEST', `A message has at most ${MAX_REACTIONS_PER_MESSAGE} reactions.`),
    );
  });

  it('refuses a message the user cannot read before anything else', () => {
    expect(() => decideAddReaction({ message_id: 20, emoji_name: 'no_such_emoji' }, given([], { message: null }))).toThrow(
      refusal('BAD_REQUEST', 'Invalid message(s)'),
    );
  });
});

describe('removing a reaction', () => {
  it('removes the stored reaction, under its stored name', () => {
    const events = eventOf(decideRemoveReaction({ message_id: 20, emoji_name: 'thumbs_up' }, given([thumbs(OTHER), thumbs(ME, 'like')])));
    expect(events).toEqual([
      expect.objectContaining({
        type: 'reaction.removed.v1',
        sequence: 42,
        data: expect.objectContaining({ userId: ME, emojiName: 'like', emojiCode: '1f44d' }),
      }),
    ]);
  });

  it('removes by code alone, and a deactivated custom emoji without checking it again', () => {
    expect(eventOf(decideRemoveReaction({ message_id: 20, emoji_code: '1f44d' }, given([thumbs(ME)])))).toHaveLength(1);
    const retired: StoredReaction = { userId: ME, emojiName: 'retired_parrot', emojiCode: '4', reactionType: 'realm_emoji' };
    expect(eventOf(decideRemoveReaction({ message_id: 20, emoji_code: '4', reaction_type: 'realm_emoji' }, given([retired])))).toHaveLength(
      1,
    );
  });

  it("reads an absent type as unicode_emoji, as Zulip does (a custom emoji's name alone finds nothing)", () => {
    const party: StoredReaction = { userId: ME, emojiName: 'party_parrot', emojiCode: '3', reactionType: 'realm_emoji' };
    expect(() => decideRemoveReaction({ message_id: 20, emoji_name: 'party_parrot' }, given([party]))).toThrow(
      refusal('REACTION_DOES_NOT_EXIST', "Reaction doesn't exist."),
    );
  });

  it.each([
    [{}, 'BAD_REQUEST', 'At least one of the following arguments must be present: emoji_name, emoji_code'],
    [{ emoji_name: 'no_such_emoji' }, 'BAD_REQUEST', "Emoji 'no_such_emoji' does not exist"],
    [{ emoji_name: '+1' }, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist."],
  ])('refuses %j when only another user reacted: %s %s', (request, code, msg) => {
    expect(() => decideRemoveReaction({ message_id: 20, ...request }, given([thumbs(OTHER)]))).toThrow(refusal(code, msg));
  });

  it('refuses a message the user cannot read', () => {
    expect(() => decideRemoveReaction({ message_id: 20, emoji_code: '1f44d' }, given([thumbs(ME)], { message: null }))).toThrow(
      refusal('BAD_REQUEST', 'Invalid message(s)'),
    );
  });
});
