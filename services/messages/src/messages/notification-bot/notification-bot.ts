import { SYSTEM_BOTS, type SystemBot } from '@zulip-es/contracts';
import { DomainError } from '@zulip-es/platform';
import { MESSAGES_AGGREGATE } from '../message.state';
import type { MessagesDeps } from '../../shared/messages-deps';
import type { ReadUser, UsersReadModel } from '../../users-read-model/users-read-model';
import { sendAs } from '../send-message/send-message.handler';
import type { MessagesNewEvent } from '../../shared/messages-new-event';
import type { SendDecision } from '../send-message/send-message.decide';

/** The client Zulip records for messages its system bots send. */
export const INTERNAL_CLIENT = 'Internal';

/** One of the organization's system bots (created with it by the users service), if known yet. */
export const systemBot = (users: UsersReadModel, bot: SystemBot): ReadUser | undefined =>
  users.allUsers().find((u) => u.isBot && u.isActive && u.deliveryEmail === SYSTEM_BOTS[bot].email);

/** The organization's Notification Bot, if known yet. */
export const notificationBot = (users: UsersReadModel): ReadUser | undefined => systemBot(users, 'notification');

/** Zulip's `silent_mention_syntax_for_user`: names a user without notifying them. */
export const silentMention = (user: Pick<ReadUser, 'fullName' | 'userId'>): string => `@_**${user.fullName}|${user.userId}**`;

/**
 * A direct message from the Notification Bot (Zulip's `internal_send_private_message`): nothing
 * when the bot or the recipient is missing or deactivated, as Zulip only logs such failures.
 */
export async function notifyDirectly(deps: MessagesDeps, recipientId: number, content: string, now: Date): Promise<SendDecision | null> {
  const bot = notificationBot(deps.users);
  const recipient = deps.users.user(recipientId);
  if (!bot || !recipient?.isActive) return null;
  return sendAs(deps, bot, { kind: 'direct', recipients: { userIds: [recipientId] } }, content, INTERNAL_CLIENT, now);
}

/**
 * A channel message from the Notification Bot (for notices such as moved messages): bots of
 * this kind may post in any channel of the organization.
 */
export async function notifyInChannel(
  deps: MessagesDeps,
  channelId: number,
  topic: string,
  content: string,
  now: Date,
): Promise<SendDecision | null> {
  const bot = notificationBot(deps.users);
  if (!bot) return null;
  return sendAs(deps, bot, { kind: 'channel', channel: { id: channelId }, topic }, content, INTERNAL_CLIENT, now);
}

/**
 * The Notification Bot's channel notices of one command, after its other events: each decided as
 * if the ones before it were already sent (message ids and `messages` sequences shifted past
 * them). A notice the channel refuses (a topics policy changed by the same command) is left out,
 * as Zulip only logs such failures.
 */
export async function channelNoticeEvents(
  deps: MessagesDeps,
  decided: readonly MessagesNewEvent[],
  notices: readonly { channelId: number; topic: string; content: string }[],
  now: Date,
): Promise<MessagesNewEvent[]> {
  const events: MessagesNewEvent[] = [];
  for (const notice of notices) {
    let decision: SendDecision | null;
    try {
      decision = await notifyInChannel(deps, notice.channelId, notice.topic, notice.content, now);
    } catch (error) {
      if (error instanceof DomainError) continue;
      throw error;
    }
    if (!decision) continue;
    const before = [...decided, ...events].filter((e) => e.aggregateId === MESSAGES_AGGREGATE);
    const sent = before.filter((e) => e.type === 'message.sent.v1').length;
    events.push(
      ...decision.events.map((e) => ({
        ...e,
        sequence: e.sequence + before.length,
        data: { ...e.data, messageId: e.data.messageId + sent },
      })),
    );
  }
  return events;
}
