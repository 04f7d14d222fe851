import { Controller, Inject } from '@nestjs/common';
import {
  createReminder,
  createScheduledMessage,
  deleteReminder,
  deleteScheduledMessage,
  getReminders,
  getScheduledMessages,
  updateScheduledMessage,
  type ScheduledMessage,
  type ReplyOf,
} from '@zulip-es/contracts';
import { sentByHuman } from '@zulip-es/message-flags';
import { badRequest, CommandPattern, type Decision, type OperationContext, QueryPattern, type ReplyBody } from '@zulip-es/platform';
import { recipientOf, reminderView, scheduledMessageView } from '@zulip-es/zulip-rules';
import { channelsContext } from '../channels/channels-context';
import { MESSAGES_DEPS, type MessagesDeps } from '../shared/messages-deps';
import { normalizeTopic } from '../messages/send-message/message-text';
import { silentMention } from '../messages/notification-bot/notification-bot';
import { accessMessage } from '../messages/read-messages/message-access';
import { checkAsSent } from './check-as-sent';
import { UNSPECIFIED_CLIENT } from '../messages/send-message/send-message.handler';
import { normalizeNote, reminderContent, type RemindedMessage } from './reminder-content';
import {
  accessScheduled,
  checkEditable,
  decideDeleteScheduled,
  decideEditScheduled,
  decideSchedule,
  type CheckedMessage,
} from './scheduled-message.decide';
import { addresseeOf, notInFuture, recipientKind } from './schedule-request';
import type { MessageState } from '../messages/message.state';

const seconds = (now: Date): number => Math.floor(now.getTime() / 1000);
const idReply =
  (field: string) =>
  (events: { data: Record<string, unknown> }[]): ReplyBody => ({ [field]: events[0]?.data.scheduledMessageId });

async function scheduleNew(
  deps: MessagesDeps,
  senderId: number,
  kind: ScheduledMessage['kind'],
  deliverAt: number,
  client: string,
  checked: CheckedMessage,
  reminder?: { targetMessageId: number; note: string },
) {
  const [lastScheduledMessageId, scheduledCount] = await Promise.all([
    deps.repo.lastScheduledMessageId(),
    deps.repo.scheduledCountOf(senderId),
  ]);
  return decideSchedule({ kind, senderId, deliverAt, client, checked, reminder }, { lastScheduledMessageId, scheduledCount });
}

/** The message a reminder is about, as the reminder's text names it. */
export async function remindedOf(deps: MessagesDeps, message: MessageState): Promise<RemindedMessage> {
  const sender = deps.users.user(message.senderId);
  const senderMention = silentMention(sender ?? { fullName: '', userId: message.senderId });
  const { conversation } = message;
  if (conversation.type === 'direct')
    return {
      messageId: message.messageId,
      content: message.content,
      senderMention,
      place: { kind: 'direct', userIds: conversation.userIds },
    };
  const channel = await deps.repo.channel(conversation.channelId);
  return {
    messageId: message.messageId,
    content: message.content,
    senderMention,
    place: { kind: 'channel', channelId: conversation.channelId, channelName: channel?.name ?? '', topic: conversation.topic },
  };
}

const byDeliveryTime = (a: ScheduledMessage, b: ScheduledMessage) =>
  a.deliverAt - b.deliverAt || a.scheduledMessageId - b.scheduledMessageId;

@Controller()
export class ScheduledMessagesHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /** POST /scheduled_messages: checked as if sent now, then kept until its time. */
  @CommandPattern(createScheduledMessage, { replyFrom: idReply('scheduled_message_id') })
  async createScheduledMessage({ actorId, client, data, now }: OperationContext<typeof createScheduledMessage>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const kind = recipientKind(data.type);
    if (data.scheduled_delivery_timestamp <= seconds(now)) throw notInFuture();
    const addressee = addresseeOf(kind, data.to, data.topic);
    const name = client ?? UNSPECIFIED_CLIENT;
    // Zulip's legacy default: read by its sender when sent from one of Zulip's apps, unless to themself only.
    const toSelf =
      addressee.kind === 'direct' &&
      'userIds' in addressee.recipients &&
      addressee.recipients.userIds.every((id) => id === ctx.actor.userId);
    const readBySender = data.read_by_sender ?? (sentByHuman(name) && !toSelf);
    const checked = await checkAsSent(deps, ctx.actor, addressee, data.content, name, now, readBySender);
    const { events, id } = await scheduleNew(deps, ctx.actor.userId, 'send_later', data.scheduled_delivery_timestamp, name, checked);
    return { events, reply: { scheduled_message_id: id } };
  }

  /** PATCH /scheduled_messages/{id}: Zulip's checks of the request, then of the message as it would now be sent. */
  @CommandPattern(updateScheduledMessage)
  async updateScheduledMessage({ actorId, client, data, now }: OperationContext<typeof updateScheduledMessage>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    if (
      data.type === undefined &&
      data.to === undefined &&
      data.topic === undefined &&
      data.content === undefined &&
      data.scheduled_delivery_timestamp === undefined
    ) {
      throw badRequest('Nothing to change');
    }
    const kind = data.type === undefined ? undefined : recipientKind(data.type);
    if (kind !== undefined && data.to === undefined) throw badRequest('Recipient required when updating type of scheduled message.');
    if (kind === 'channel' && data.topic === undefined) throw badRequest('Topic required when updating scheduled message type to channel.');
    if (data.scheduled_delivery_timestamp !== undefined && data.scheduled_delivery_timestamp <= seconds(now)) throw notInFuture();
    const message = accessScheduled(await deps.repo.scheduledMessage(data.scheduled_message_id), ctx.actor.userId, 'send_later');
    checkEditable(message, data.scheduled_delivery_timestamp);
    const name = client ?? UNSPECIFIED_CLIENT;
    let checked: CheckedMessage | undefined;
    let topic: string | undefined;
    if (kind !== undefined || data.to !== undefined || data.content !== undefined) {
      const current = recipientOf(message.conversation, message.senderId);
      const nextKind = kind ?? (current.type === 'stream' ? 'channel' : 'direct');
      const to = data.to ?? current.to;
      const nextTopic = data.topic ?? ('topic' in current ? current.topic : undefined);
      checked = await checkAsSent(
        deps,
        ctx.actor,
        addresseeOf(nextKind, to, nextTopic),
        data.content ?? message.content,
        name,
        now,
        message.readBySender,
      );
    } else if (data.topic !== undefined && message.conversation.type === 'channel') {
      topic = normalizeTopic(data.topic);
    }
    return {
      events: decideEditScheduled(message, { checked, topic, deliverAt: data.scheduled_delivery_timestamp, client: name }),
      reply: {},
    };
  }

  @CommandPattern(deleteScheduledMessage)
  async deleteScheduledMessage({ actorId, data }: OperationContext<typeof deleteScheduledMessage>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const message = accessScheduled(await deps.repo.scheduledMessage(data.scheduled_message_id), ctx.actor.userId, 'send_later');
    return { events: decideDeleteScheduled(message), reply: {} };
  }

  /** POST /reminders: Zulip's `schedule_reminder_for_message`, a direct message to oneself checked as if sent now. */
  @CommandPattern(createReminder, { replyFrom: idReply('reminder_id') })
  async createReminder({ actorId, client, data, now }: OperationContext<typeof createReminder>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    if (data.scheduled_delivery_timestamp <= seconds(now)) throw notInFuture();
    const { message } = await accessMessage(deps, actorId, data.message_id);
    const note = data.note ? normalizeNote(data.note) : '';
    const content = reminderContent(await remindedOf(deps, message), note, ctx.realm.url);
    const name = client ?? UNSPECIFIED_CLIENT;
    const checked = await checkAsSent(
      deps,
      ctx.actor,
      { kind: 'direct', recipients: { userIds: [ctx.actor.userId] } },
      content,
      name,
      now,
      false,
    );
    const { events, id } = await scheduleNew(deps, ctx.actor.userId, 'reminder', data.scheduled_delivery_timestamp, name, checked, {
      targetMessageId: message.messageId,
      note,
    });
    return { events, reply: { reminder_id: id } };
  }

  @CommandPattern(deleteReminder)
  async deleteReminder({ actorId, data }: OperationContext<typeof deleteReminder>): Promise<Decision> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const reminder = accessScheduled(await deps.repo.scheduledMessage(data.reminder_id), ctx.actor.userId, 'reminder');
    return { events: decideDeleteScheduled(reminder), reply: {} };
  }

  @QueryPattern(getScheduledMessages)
  async getScheduledMessages({ actorId }: OperationContext<typeof getScheduledMessages>): Promise<ReplyOf<typeof getScheduledMessages>> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const own = (await deps.repo.scheduledMessagesOf(ctx.actor.userId)).filter((m) => m.kind === 'send_later').sort(byDeliveryTime);
    return { scheduled_messages: own.map(scheduledMessageView) };
  }

  @QueryPattern(getReminders)
  async getReminders({ actorId }: OperationContext<typeof getReminders>): Promise<ReplyOf<typeof getReminders>> {
    const { deps } = this;
    const ctx = channelsContext(deps.users, actorId);
    const own = (await deps.repo.scheduledMessagesOf(ctx.actor.userId)).filter((m) => m.kind === 'reminder').sort(byDeliveryTime);
    return { reminders: own.map(reminderView) };
  }
}
