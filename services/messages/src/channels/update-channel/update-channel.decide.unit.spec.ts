import { channel, privateChannel } from '../../testing/channels.fixtures';
import { contextOf, organization, U, withRealmSetting } from '../../testing/users.fixtures';
import { NO_CHANNEL_FOLDERS } from '../folders/channel-folders.state';
import { decideArchiveChannel, decideUpdateChannel, type UpdateChannelState, type UpdateStream } from './update-channel.decide';

const given = (overrides: Partial<UpdateChannelState> = {}, actorId: number = U.admin): UpdateChannelState => ({
  ctx: contextOf(organization(), actorId),
  channel: channel(5, { name: 'design', description: 'old', version: 9 }),
  subscribed: false,
  sameName: null,
  folders: NO_CHANNEL_FOLDERS,
  defaultChannels: { channelIds: [], version: 3 },
  hasNamedTopics: false,
  renderDescription: (text) => `<p>${text}</p>`,
  realmRetentionDays: -1,
  ...overrides,
});
const update = (cmd: Partial<UpdateStream>, state = given()) => decideUpdateChannel({ stream_id: 5, ...cmd } as UpdateStream, state);
const refused = (msg: string) => expect.objectContaining({ msg });
const admin = '@_**Person 2|2**';

describe('PATCH /streams/{stream_id}', () => {
  it('renames and describes a channel, each change its event on the channel and its notice', () => {
    const change = update({ new_name: ' Design team ', description: 'new\nline' });
    expect(change.events).toEqual([
      {
        type: 'channel.description_changed.v1',
        aggregateId: 'channel:5',
        sequence: 10,
        data: { channelId: 5, description: 'new line', renderedDescription: '<p>new line</p>' },
      },
      {
        type: 'channel.renamed.v1',
        aggregateId: 'channel:5',
        sequence: 11,
        data: { channelId: 5, oldName: 'design', name: 'Design team' },
      },
    ]);
    expect(change.notices).toEqual([
      {
        channelId: 5,
        topic: 'channel events',
        content: `${admin} changed the description for this channel.\n\n* **Old description:**\n\`\`\`\` quote\nold\n\`\`\`\`\n* **New description:**\n\`\`\`\` quote\nnew line\n\`\`\`\``,
      },
      { channelId: 5, topic: 'channel events', content: `${admin} renamed channel **design** to **Design team**.` },
    ]);
  });

  it('refuses a taken name, the same name, and changes nothing when any check fails', () => {
    expect(() => update({ new_name: 'other', description: 'x' }, given({ sameName: channel(6, { name: 'Other' }) }))).toThrow(
      expect.objectContaining({ code: 'CHANNEL_ALREADY_EXISTS', msg: "Channel 'other' already exists" }),
    );
    expect(() => update({ new_name: 'design' })).toThrow(refused('Channel already has that name.'));
    expect(update({ new_name: 'DESIGN' }, given({ sameName: channel(5, { name: 'design' }) })).events).toHaveLength(1);
  });

  it('lets only administrators and channel administrators change a channel', () => {
    expect(() => update({ description: 'x' }, given({ subscribed: true }, U.member))).toThrow(
      refused('You do not have permission to administer this channel.'),
    );
    expect(() => update({ description: 'x' }, given({ channel: privateChannel(5) }, U.member))).toThrow(refused('Invalid channel ID'));
    expect(() => update({ description: 'x' }, given({ channel: null }))).toThrow(refused('Invalid channel ID'));
    expect(update({ description: 'x' }, given({}, U.owner)).events).toHaveLength(1);
  });

  it('makes a public channel private with protected history by default, telling its old and new policy', () => {
    const change = update({ is_private: true });
    expect(change.events.map((e) => e.data)).toEqual([
      { channelId: 5, inviteOnly: true, historyPublicToSubscribers: false, isWebPublic: false },
    ]);
    expect(change.notices[0]!.content).toBe(
      `${admin} changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, protected history**.`,
    );
  });

  it('refuses privacy combinations Zulip refuses', () => {
    expect(() => update({ is_private: false, history_public_to_subscribers: false })).toThrow(refused('Invalid parameters'));
    expect(() => update({ is_private: true }, given({ defaultChannels: { channelIds: [5], version: 1 } }))).toThrow(
      refused('A default channel cannot be private.'),
    );
    expect(() => update({ is_web_public: true })).toThrow(refused('Web-public channels are not enabled.'));
    const moderated = given({
      ctx: contextOf(withRealmSetting(organization(), 'moderation_request_channel_id', 5), U.admin),
      channel: privateChannel(5),
    });
    expect(() => update({ is_private: false }, moderated)).toThrow(refused('Moderation request channel must be private.'));
  });

  it('changes default status (administrators only), retention (owners only), topics policy and folder', () => {
    expect(update({ is_default_stream: true }).events).toEqual([
      { type: 'default_channel.added.v1', aggregateId: 'default_channels', sequence: 4, data: { channelId: 5 } },
    ]);
    const channelAdmin = given({ channel: channel(5, { settings: { can_administer_channel_group: 4 } }) }, U.moderator);
    expect(() => update({ is_default_stream: true }, channelAdmin)).toThrow(
      refused('You do not have permission to change default channels.'),
    );
    expect(update({ description: 'by a channel administrator' }, channelAdmin).events).toHaveLength(1);
    expect(() => update({ message_retention_days: 30 })).toThrow(refused('Must be an organization owner'));
    const retention = update({ message_retention_days: 30 }, given({}, U.owner));
    expect(retention.events.map((e) => e.data)).toEqual([{ channelId: 5, property: 'message_retention_days', value: 30 }]);
    expect(retention.notices[0]!.content).toContain('* **Old retention period**: Forever\n* **New retention period**: 30 days');
    expect(() => update({ topics_policy: 'empty_topic_only' }, given({ hasNamedTopics: true }))).toThrow(
      refused(
        'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.',
      ),
    );
    const policy = update({ topics_policy: 'empty_topic_only' });
    expect(policy.notices[0]).toMatchObject({
      topic: '',
      content: `${admin} changed the "Allow posting to the *general chat* topic?" setting from **Automatic** to **Only *general chat* topic allowed**.`,
    });
    expect(() => update({ folder_id: 4 })).toThrow(refused('Invalid channel folder ID'));
    expect(update({ folder_id: null }, given({ channel: channel(5, { folderId: 4 }) })).events.map((e) => e.data)).toEqual([
      { channelId: 5, property: 'folder_id', value: null },
    ]);
  });

  it('changes group settings, telling posting permission changes', () => {
    const change = update({ can_send_message_group: { new: 3, old: undefined } });
    expect(change.events.map((e) => e.data)).toEqual([{ channelId: 5, setting: 'can_send_message_group', value: 3 }]);
    expect(change.notices[0]!.content).toBe(
      `${admin} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n* **Old**: @_*role:everyone*\n* **New**: @_*role:administrators*\n`,
    );
    expect(() => update({ can_send_message_group: { new: 3, old: 4 } })).toThrow(expect.objectContaining({ code: 'EXPECTATION_MISMATCH' }));
    expect(update({ can_send_message_group: { new: 7, old: undefined } }).events).toEqual([]);
  });

  it('unarchives only an archived channel', () => {
    expect(() => update({ is_archived: false })).toThrow(refused('Channel is not currently deactivated'));
    const change = update({ is_archived: false }, given({ channel: channel(5, { name: 'design', isArchived: true }) }));
    expect(change.events.map((e) => e.type)).toEqual(['channel.unarchived.v1']);
    expect(change.notices[0]!.content).toBe('Channel #**design** has been unarchived.');
  });
});

describe('DELETE /streams/{stream_id}', () => {
  it('archives a channel, takes it out of the default channels, and says so in it', () => {
    const change = decideArchiveChannel(given({ defaultChannels: { channelIds: [5], version: 3 } }));
    expect(change.events).toEqual([
      { type: 'channel.archived.v1', aggregateId: 'channel:5', sequence: 10, data: { channelId: 5 } },
      { type: 'default_channel.removed.v1', aggregateId: 'default_channels', sequence: 4, data: { channelId: 5 } },
    ]);
    expect(change.notices).toEqual([{ channelId: 5, topic: 'channel events', content: 'Channel #**design** has been archived.' }]);
    expect(() => decideArchiveChannel(given({ channel: channel(5, { isArchived: true }) }))).toThrow(
      refused('Channel is already deactivated'),
    );
  });
});
