import type { NotifiedMessage, PushPayloads, PushTrigger } from '@zulip-es/contracts';
import type { Organization } from '../directory/users-directory';

/** What every notification carries about its organization and recipient (Zulip's `get_base_payload`). */
export const basePayload = (organization: Organization, userId: number) => ({
  server: organization.host,
  realm_id: organization.realmId,
  realm_name: organization.name,
  realm_uri: organization.url,
  realm_url: organization.url,
  user_id: userId,
});

/** FCM data messages take string values only: others travel as JSON. */
export const fcmData = (payload: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

/** E19's notification, as Zulip words it (event `test`). */
export function testPayloads(organization: Organization, userId: number, now: Date): PushPayloads {
  const zulip = { ...basePayload(organization, userId), event: 'test' };
  return {
    apns: {
      aps: {
        alert: { title: 'Test notification', body: `This is a test notification from ${organization.name} (${organization.url}).` },
        sound: 'default',
      },
      zulip,
    },
    fcm: fcmData({ ...zulip, time: Math.floor(now.getTime() / 1000) }),
  };
}

/** A recipient's notification of a message: everything its payloads show. */
export interface MessageNotification {
  message: NotifiedMessage;
  trigger: PushTrigger;
  recipientId: number;
  sender: { fullName: string; email: string };
  /** The channel's name, for a channel message. */
  channelName?: string;
  /** Participants' full names of a group direct message, for its title. */
  groupNames?: string[];
}

/** Zulip's `get_message_payload`: who sent the message, and where. */
function messagePayload({ message, sender, channelName }: MessageNotification): Record<string, unknown> {
  const { conversation } = message;
  const where =
    conversation.type === 'channel'
      ? { recipient_type: 'stream', stream: channelName ?? '', stream_id: conversation.channelId, topic: conversation.topic }
      : {
          recipient_type: 'private',
          ...(conversation.userIds.length > 2 ? { pm_users: [...conversation.userIds].sort((a, b) => a - b).join(',') } : {}),
        };
  return { sender_id: message.senderId, sender_email: sender.email, time: Math.floor(Date.parse(message.sentAt) / 1000), ...where };
}

/** Zulip's alert title: the sender of a direct message, the group's names, or `#channel > topic`. */
function alertTitle({ message, sender, channelName, groupNames }: MessageNotification): string {
  if (message.conversation.type === 'channel') return `#${channelName ?? ''} > ${message.conversation.topic}`;
  return groupNames && message.conversation.userIds.length > 2 ? groupNames.join(', ') : sender.fullName;
}

const WILDCARD_TRIGGERS: ReadonlySet<PushTrigger> = new Set([
  'topic_wildcard_mentioned_in_followed_topic',
  'stream_wildcard_mentioned_in_followed_topic',
  'topic_wildcard_mentioned',
  'stream_wildcard_mentioned',
]);

/** Zulip's alert subtitle: who mentioned whom, or who wrote (nothing for a one-to-one message). */
function alertSubtitle({ message, trigger, sender }: MessageNotification): string {
  if (trigger === 'mentioned') return `${sender.fullName} mentioned you:`;
  if (WILDCARD_TRIGGERS.has(trigger)) return `${sender.fullName} mentioned everyone:`;
  return message.conversation.type === 'direct' && message.conversation.userIds.length <= 2 ? '' : `${sender.fullName}:`;
}

/** What a device's app reads of a message notification: Zulip's FCM data, as JSON values. */
export function notificationData(organization: Organization, notification: MessageNotification): Record<string, unknown> {
  const { message, recipientId, trigger, sender } = notification;
  return {
    ...basePayload(organization, recipientId),
    ...messagePayload(notification),
    event: 'message',
    zulip_message_id: message.messageId,
    content: message.content,
    content_truncated: message.contentTruncated,
    sender_full_name: sender.fullName,
    trigger,
  };
}

/** A message notification's payloads for APNs and FCM (Zulip's `get_message_payload_apns` / `_gcm`). */
export function messagePayloads(organization: Organization, notification: MessageNotification): PushPayloads {
  const { message, recipientId, trigger } = notification;
  return {
    apns: {
      aps: { alert: { title: alertTitle(notification), subtitle: alertSubtitle(notification), body: message.content }, sound: 'default' },
      zulip: { ...basePayload(organization, recipientId), ...messagePayload(notification), message_ids: [message.messageId], trigger },
    },
    fcm: fcmData(notificationData(organization, notification)),
  };
}
