import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import type { CustomEmoji, CustomEmojiById } from '@zulip-es/zulip-emoji';
import { NO_STATUS } from '../user-status.state';
import { decideOwnStatus, decideUserStatus, type UpdateStatusState } from './update-user-status.decide';

const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const member = aUser({ userId: 5 });
const self = (overrides: Partial<UpdateStatusState> = {}): UpdateStatusState => ({
  actor: member,
  target: member,
  current: null,
  customEmoji: new Map(),
  ...overrides,
});
const forMember = (overrides: Partial<UpdateStatusState> = {}): UpdateStatusState => ({ ...self(), actor: admin, ...overrides });
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('update own status', () => {
  it('sets text and an emoji looked up by name, as one event on user_status:<id>', () => {
    expect(decideOwnStatus({ status_text: 'on vacation', emoji_name: 'car' }, self())).toEqual([
      {
        type: 'user_status.changed.v1',
        aggregateId: 'user_status:5',
        sequence: 1,
        data: { userId: 5, statusText: 'on vacation', emojiName: 'car', emojiCode: '1f697', reactionType: 'unicode_emoji' },
      },
    ]);
  });

  it('knows Zulip names such as +1 and smile, and the zulip extra emoji', () => {
    expect(decideOwnStatus({ emoji_name: '+1' }, self())[0]!.data).toMatchObject({ emojiCode: '1f44d', reactionType: 'unicode_emoji' });
    expect(decideOwnStatus({ emoji_name: 'smile' }, self())[0]!.data).toMatchObject({ emojiCode: '1f642' });
    expect(decideOwnStatus({ emoji_name: 'zulip' }, self())[0]!.data).toMatchObject({
      emojiCode: 'zulip',
      reactionType: 'zulip_extra_emoji',
    });
  });

  it('clears the emoji with an empty name, and only changes what was sent', () => {
    const current = { ...NO_STATUS(5), statusText: 'busy', emojiName: 'car', emojiCode: '1f697', version: 3 };
    expect(decideOwnStatus({ emoji_name: '' }, self({ current }))).toEqual([
      expect.objectContaining({ sequence: 4, data: { userId: 5, emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' } }),
    ]);
  });

  it('records away only through the self endpoint', () => {
    expect(decideOwnStatus({ away: true }, self())[0]!.data).toEqual({ userId: 5, away: true });
  });

  it('appends nothing when the status is already so', () => {
    const current = { ...NO_STATUS(5), statusText: 'busy', version: 2 };
    expect(decideOwnStatus({ status_text: 'busy' }, self({ current }))).toEqual([]);
  });

  it('refuses a request that sets nothing', () => {
    expect(() => decideOwnStatus({}, self())).toThrow(refusal('Client did not pass any new values.'));
    expect(() => decideOwnStatus({ emoji_code: '1f697' }, self())).toThrow(refusal('Client did not pass any new values.'));
  });

  it('wants an emoji name with a code or a type', () => {
    expect(() => decideOwnStatus({ status_text: 'x', emoji_code: '1f697' }, self())).toThrow(
      refusal('Client must pass emoji_name if they pass either emoji_code or reaction_type.'),
    );
    expect(() => decideOwnStatus({ status_text: 'x', reaction_type: 'unicode_emoji' }, self())).toThrow(
      refusal('Client must pass emoji_name if they pass either emoji_code or reaction_type.'),
    );
  });

  it.each([
    [{ emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist"],
    [{ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
    [{ emoji_name: 'car', emoji_code: 'ffffff', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
    [{ emoji_name: 'smile', emoji_code: '1f697', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
    [{ emoji_name: 'zulip', emoji_code: 'other', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji code.'],
    [{ emoji_name: 'car', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji name.'],
    [{ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'sticker' }, 'Invalid emoji type.'],
  ])('checks the emoji: %j → %s', (request, msg) => {
    expect(() => decideOwnStatus(request, self())).toThrow(refusal(msg));
  });

  it('checks custom emoji against the organization', () => {
    const party: CustomEmoji = { id: '7', name: 'party', deactivated: false };
    const customEmoji: CustomEmojiById = new Map([
      ['7', party],
      ['8', { id: '8', name: 'old', deactivated: true }],
    ]);
    expect(decideOwnStatus({ emoji_name: 'party' }, self({ customEmoji }))[0]!.data).toMatchObject({
      emojiCode: '7',
      reactionType: 'realm_emoji',
    });
    expect(() => decideOwnStatus({ emoji_name: 'other', emoji_code: '7', reaction_type: 'realm_emoji' }, self({ customEmoji }))).toThrow(
      refusal('Invalid custom emoji name.'),
    );
    expect(() => decideOwnStatus({ emoji_name: 'old', emoji_code: '8', reaction_type: 'realm_emoji' }, self({ customEmoji }))).toThrow(
      refusal('This custom emoji has been deactivated.'),
    );
  });

  it('refuses bots', () => {
    const bot = aUser({ userId: 9, isBot: true });
    expect(() => decideOwnStatus({ status_text: 'x' }, self({ actor: bot, target: bot }))).toThrow(
      refusal('This endpoint does not accept bot requests.'),
    );
  });
});

describe("update another user's status", () => {
  it('lets an administrator set it', () => {
    expect(decideUserStatus({ user_id: 5, status_text: 'in a meeting' }, forMember())).toEqual([
      expect.objectContaining({ aggregateId: 'user_status:5', data: { userId: 5, statusText: 'in a meeting' } }),
    ]);
  });

  it('looks the target up before it checks the role, and both before the values', () => {
    const moderator = aUser({ userId: 3, role: Role.MODERATOR });
    expect(() => decideUserStatus({ user_id: 99 }, forMember({ actor: moderator, target: null }))).toThrow(refusal('No such user'));
    expect(() => decideUserStatus({ user_id: 5 }, forMember({ actor: moderator, target: aUser({ userId: 5, isActive: false }) }))).toThrow(
      refusal('User is deactivated'),
    );
    expect(() => decideUserStatus({ user_id: 5 }, forMember({ actor: moderator }))).toThrow(refusal('Insufficient permission'));
    expect(() => decideUserStatus({ user_id: 5 }, forMember())).toThrow(refusal('Client did not pass any new values.'));
  });

  it('treats a bot target as no such user', () => {
    expect(() => decideUserStatus({ user_id: 9, status_text: 'x' }, forMember({ target: aUser({ userId: 9, isBot: true }) }))).toThrow(
      refusal('No such user'),
    );
  });
});
