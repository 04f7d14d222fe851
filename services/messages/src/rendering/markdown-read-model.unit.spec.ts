import { Role } from '@zulip-es/contracts';
import { REALM_CREATED_V1_SETTINGS } from '@zulip-es/zulip-rules';
import { realmCreated, usersEvent } from '../testing/users.fixtures';
import { MarkdownReadModel } from './markdown-read-model';

const created = (userId: number, fullName: string) =>
  usersEvent('user.created.v1', {
    userId,
    realmId: 2,
    deliveryEmail: `p${userId}@example.org`,
    fullName,
    role: Role.MEMBER,
    isBot: false,
    timezone: '',
    emailAddressVisibility: 1,
    dateJoined: '2026-01-01T00:00:00.000Z',
    passwordHash: null,
    apiKeyHash: 'a'.repeat(64),
    apiKeyNonce: 'n'.repeat(16),
  });

describe('what rendering knows of the users domain', () => {
  const model = new MarkdownReadModel();
  model.apply(
    usersEvent('realm.created.v1', {
      realmId: 2,
      name: 'x',
      host: 'chat.example.org',
      url: 'https://chat.example.org/',
      createdAt: '2026-01-01T00:00:00.000Z',
    }),
  );

  it('finds users by their current name without case, and follows deactivation', () => {
    model.apply(created(7, 'Ada Lovelace'));
    expect(model.userByName('ada lovelace')).toEqual({ id: 7, fullName: 'Ada Lovelace', isActive: true });
    model.apply(usersEvent('user.full_name_changed.v1', { userId: 7, fullName: 'Ada King' }));
    expect(model.userByName('Ada Lovelace')).toBeUndefined();
    expect(model.userByName('ADA KING')?.id).toBe(7);
    model.apply(usersEvent('user.deactivated.v1', { userId: 7 }));
    expect(model.userById(7)?.isActive).toBe(false);
  });

  it("shows system groups by Zulip's display names", () => {
    model.apply(
      usersEvent('user_group.created.v1', {
        groupId: 3,
        name: 'role:administrators',
        description: '',
        isSystemGroup: true,
        creatorId: null,
        dateCreated: null,
        memberIds: [],
        subgroupIds: [],
        settings: {
          can_add_members_group: 1,
          can_join_group: 1,
          can_leave_group: 1,
          can_manage_group: 1,
          can_mention_group: 1,
          can_remove_members_group: 1,
        },
      }),
    );
    expect(model.groupByName('ROLE:ADMINISTRATORS')).toEqual({ id: 3, displayName: 'Administrators', deactivated: false });
  });

  it("keeps the organization's URL, its linkifiers in their order and its active custom emoji by name", () => {
    expect(model.realmUrl).toBe('https://chat.example.org');
    model.apply(usersEvent('linkifier.added.v1', { linkifierId: 1, pattern: 'a', urlTemplate: 'https://a/{x}' }));
    model.apply(usersEvent('linkifier.added.v1', { linkifierId: 2, pattern: 'b', urlTemplate: 'https://b/{x}' }));
    model.apply(usersEvent('linkifiers.reordered.v1', { orderedLinkifierIds: [2, 1] }));
    expect(model.linkifiers.map((l) => l.id)).toEqual([2, 1]);
    model.apply(usersEvent('custom_emoji.added.v1', { emojiId: 9, name: 'parrot', fileName: 'abc.gif', isAnimated: true, authorId: 7 }));
    expect(model.customEmoji()).toEqual(new Map([['parrot', '/user_avatars/2/emoji/images/abc.gif']]));
    model.apply(usersEvent('custom_emoji.deactivated.v1', { emojiId: 9, name: 'parrot' }));
    expect(model.customEmoji().size).toBe(0);
    // Reactions may still join a deactivated one: it stays known by id.
    expect(model.customEmojiById().get('9')).toEqual({ id: '9', name: 'parrot', deactivated: true });
  });

  it("previews images as the organization's creation event says, then as its setting changes", () => {
    const off = new MarkdownReadModel();
    off.apply(realmCreated({ ...REALM_CREATED_V1_SETTINGS, inline_image_preview: false }));
    expect([off.imagePreviews, off.realmUrl]).toEqual([false, 'https://chat.example.com']);
    off.apply(usersEvent('realm.setting_changed.v1', { property: 'inline_image_preview', value: true }));
    expect(off.imagePreviews).toBe(true);
    expect(model.imagePreviews).toBe(true); // realm.created.v1: on, as it always was
  });
});
