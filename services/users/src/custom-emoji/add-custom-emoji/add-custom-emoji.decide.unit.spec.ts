import { Role, type StoredFile } from '@zulip-es/contracts';
import { groupsContext } from '../../user-groups/groups-context';
import { systemGroupId } from '@zulip-es/zulip-rules';
import { asRole, groupsState } from '../../testing/user-groups.fixtures';
import { aRealm, aUser } from '../../testing/users.fixtures';
import type { UserState } from '../../domain/user.state';
import { noCustomEmoji, type CustomEmojiState } from '../custom-emoji.state';
import { checkAddCustomEmoji, decideAddCustomEmoji, type AddCustomEmojiState } from './add-custom-emoji.decide';

const png: StoredFile = { pathId: '1/ab/abcdefghijklmnopqrstuvwx/parrot.png', name: 'parrot.png', size: 2048, contentType: 'image/png' };
const withParrot: CustomEmojiState = {
  emoji: [{ emojiId: 3, name: 'party_parrot', fileName: 'aaaa.png', isAnimated: false, deactivated: false, authorId: 4 }],
  lastEmojiId: 3,
  version: 3,
};
const stateOf = (actor: UserState, emoji = noCustomEmoji(), realm = aRealm()): AddCustomEmojiState => {
  const ctx = groupsContext(groupsState({ realm, actor, users: [actor] }));
  return { actor, realm, membership: ctx.membership, emoji };
};
const member = asRole(Role.MEMBER);
const refusal = (code: string, msg: string) => expect.objectContaining({ code, msg });
const check = (emoji_name: string, actor: UserState = member, file: StoredFile = png, emoji?: CustomEmojiState) =>
  checkAddCustomEmoji({ emoji_name, file }, stateOf(actor, emoji));

describe('adding a custom emoji', () => {
  it('takes a member by default, turning spaces of the name into underscores', () => {
    expect(check(' party parrot ')).toEqual({ name: 'party_parrot', contentType: 'image/png' });
  });

  it('records it with the next id, its file and its author', () => {
    const state = stateOf(member, withParrot);
    expect(decideAddCustomEmoji({ name: 'party', contentType: 'image/gif' }, { fileName: 'f00d.gif', isAnimated: true }, state)).toEqual([
      {
        type: 'custom_emoji.added.v1',
        aggregateId: 'custom_emoji',
        sequence: 4,
        data: { emojiId: 4, name: 'party', fileName: 'f00d.gif', isAnimated: true, authorId: member.userId },
      },
    ]);
  });

  it.each([
    ['', 'Emoji name is missing'],
    ['parrot_', 'Emoji names must end with either a letter or digit.'],
    ['Parrot', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
    ['par/rot', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
    ['piña', 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.'],
  ])('refuses the name %j: %s', (name, msg) => {
    expect(() => check(name)).toThrow(refusal('BAD_REQUEST', msg));
  });

  it('refuses guests and bots before anything else', () => {
    expect(() => check('Bad Name!', asRole(Role.GUEST))).toThrow(refusal('BAD_REQUEST', 'Not allowed for guest users'));
    expect(() => check('Bad Name!', aUser({ userId: 9, isBot: true }))).toThrow(
      refusal('BAD_REQUEST', 'This endpoint does not accept bot requests.'),
    );
  });

  it("follows the organization's can_add_custom_emoji_group", () => {
    const realm = aRealm({
      settings: {
        ...aRealm().settings,
        groups: { ...aRealm().settings.groups, can_add_custom_emoji_group: systemGroupId('role:administrators') },
      },
    });
    expect(() => checkAddCustomEmoji({ emoji_name: 'x', file: png }, stateOf(member, noCustomEmoji(), realm))).toThrow(
      refusal('BAD_REQUEST', 'Insufficient permission'),
    );
    expect(checkAddCustomEmoji({ emoji_name: 'x', file: png }, stateOf(asRole(Role.ADMINISTRATOR), noCustomEmoji(), realm)).name).toBe('x');
  });

  it('refuses a name an active emoji has, but not one a deactivated emoji had', () => {
    expect(() => check('party_parrot', member, png, withParrot)).toThrow(
      refusal('BAD_REQUEST', 'A custom emoji with this name already exists.'),
    );
    const retired = { ...withParrot, emoji: [{ ...withParrot.emoji[0]!, deactivated: true }] };
    expect(check('party_parrot', member, png, retired).name).toBe('party_parrot');
  });

  it("lets only administrators use the name of one of Zulip's emoji", () => {
    expect(() => check('octopus', asRole(Role.MODERATOR))).toThrow(
      refusal('BAD_REQUEST', 'Only administrators can override default emoji.'),
    );
    expect(check('octopus', asRole(Role.ADMINISTRATOR)).name).toBe('octopus');
    expect(check('zulip').name).toBe('zulip');
  });

  it('refuses a file over 5 MiB and one that is not an image Zulip takes', () => {
    expect(check('big', member, { ...png, size: 5 * 1024 * 1024 }).name).toBe('big');
    expect(() => check('big', member, { ...png, size: 5 * 1024 * 1024 + 1 })).toThrow(
      refusal('BAD_REQUEST', 'Uploaded file is larger than the allowed limit of 5 MiB'),
    );
    expect(() => check('tiff', member, { ...png, contentType: 'image/tiff' })).toThrow(refusal('BAD_IMAGE', 'Invalid image format'));
    expect(() => check('svg', member, { ...png, contentType: 'image/svg+xml' })).toThrow(refusal('BAD_IMAGE', 'Invalid image format'));
  });

  it('guesses the type from the file name when the client sent none', () => {
    expect(check('photo', member, { ...png, name: 'photo.JPEG', contentType: 'application/octet-stream' }).contentType).toBe('image/jpeg');
    expect(check('python', member, { ...png, name: 'emoji.webp', contentType: 'text/plain' }).contentType).toBe('image/webp');
    expect(() => check('doc', member, { ...png, name: 'doc.txt', contentType: 'application/octet-stream' })).toThrow(
      refusal('BAD_IMAGE', 'Invalid image format'),
    );
  });
});
