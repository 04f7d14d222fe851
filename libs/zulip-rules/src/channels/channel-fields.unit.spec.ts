import { aChannel } from '../testing/channels.fixtures';
import { changedChannel } from './channel-fields';

const channelId = 9;

describe('a channel after one of its changes', () => {
  it('takes the new name, description, permissions and properties, keeping what the caller adds', () => {
    const channel = { ...aChannel(), subscribers: new Set([4]) };
    expect(changedChannel(channel, { type: 'channel.renamed.v1', data: { channelId, oldName: 'design', name: 'ux' } })).toEqual({
      ...channel,
      name: 'ux',
    });
    expect(
      changedChannel(channel, {
        type: 'channel.description_changed.v1',
        data: { channelId, description: 'd', renderedDescription: '<p>d</p>' },
      }),
    ).toMatchObject({ description: 'd', renderedDescription: '<p>d</p>', subscribers: new Set([4]) });
    expect(
      changedChannel(channel, {
        type: 'channel.permission_changed.v1',
        data: { channelId, inviteOnly: true, historyPublicToSubscribers: false, isWebPublic: false },
      }),
    ).toMatchObject({ inviteOnly: true, historyPublicToSubscribers: false, isWebPublic: false });
  });

  it.each([
    ['message_retention_days', 30, { messageRetentionDays: 30 }],
    ['topics_policy', 'disable_empty_topic', { topicsPolicy: 'disable_empty_topic' }],
    ['folder_id', 2, { folderId: 2 }],
  ] as const)('sets %s from channel.property_changed.v1', (property, value, fields) => {
    const event = { type: 'channel.property_changed.v1', data: { channelId, property, value } } as Parameters<typeof changedChannel>[1];
    expect(changedChannel(aChannel(), event)).toMatchObject(fields);
  });

  it('changes one group setting, and archives and unarchives', () => {
    const changed = changedChannel(aChannel(), {
      type: 'channel.group_setting_changed.v1',
      data: { channelId, setting: 'can_subscribe_group', value: 20 },
    });
    expect(changed.settings).toMatchObject({ can_subscribe_group: 20, can_add_subscribers_group: 1 });
    const archived = changedChannel(aChannel(), { type: 'channel.archived.v1', data: { channelId } });
    expect(archived.isArchived).toBe(true);
    expect(changedChannel(archived, { type: 'channel.unarchived.v1', data: { channelId } }).isArchived).toBe(false);
  });
});
