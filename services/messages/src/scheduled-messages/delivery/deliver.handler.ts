import { Controller, Inject } from '@nestjs/common';
import { DeliverScheduledMessage, DELIVER_SCHEDULED_MESSAGE } from '@zulip-es/contracts';
import { DomainError, CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { notifyDirectly } from '../../messages/notification-bot/notification-bot';
import { accessMessage } from '../../messages/read-messages/message-access';
import { sendAs } from '../../messages/send-message/send-message.handler';
import type { SendDecision } from '../../messages/send-message/send-message.decide';
import { reminderContent } from '../reminder-content';
import { currentAddressee } from '../schedule-request';
import { deliveredEvents, failedEvents, failureNotice, isDue, LATE_CUTOFF_SECONDS } from '../scheduled-message.decide';
import type { ScheduledMessageState } from '../scheduled-message.state';
import { remindedOf } from '../scheduled-messages.handlers';

const deliveredReply = (events: readonly { type: string }[]) => ({
  delivered: events.some((e) => e.type === 'scheduled_message.delivered.v1'),
});

/**
 * Zulip's `send_reminder`: the Notification Bot's direct message, written again from the message
 * as it is now, or as it was when the reminder was set if the user may no longer read it.
 */
async function sendReminder(deps: MessagesDeps, reminder: ScheduledMessageState, sender: ReadUser, now: Date): Promise<SendDecision> {
  let content = reminder.content;
  try {
    const { message } = await accessMessage(deps, sender.userId, reminder.reminderTargetMessageId ?? 0);
    content = reminderContent(await remindedOf(deps, message), reminder.reminderNote ?? '', deps.users.realm!.url);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const decision = await notifyDirectly(deps, sender.userId, content, now);
  if (!decision) throw new DomainError('BAD_REQUEST', 'Internal server error');
  return decision;
}

/** Recorded as failed; a scheduled message's sender is told by the Notification Bot (reminders are not, as in Zulip). */
async function failed(deps: MessagesDeps, message: ScheduledMessageState, reason: string, now: Date, tell: boolean): Promise<Decision> {
  const events = failedEvents(message, reason);
  const notice =
    tell && message.kind === 'send_later'
      ? await notifyDirectly(deps, message.senderId, failureNotice(message.deliverAt, reason), now)
      : null;
  return { events: [...events, ...(notice?.events ?? [])], reply: { delivered: false } };
}

@Controller()
export class DeliverHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * Zulip's `try_deliver_one_scheduled_message` for one message, sent by the delivery worker when it
   * is due: sent as its sender (checked again, as permissions may have changed), or recorded as
   * failed with Zulip's reason. A message no longer due at this time (edited, deleted, delivered)
   * changes nothing.
   */
  @CommandPattern({ type: DELIVER_SCHEDULED_MESSAGE, params: DeliverScheduledMessage }, { replyFrom: deliveredReply })
  async deliverScheduledMessage({ data, now }: MessageContext<DeliverScheduledMessage>): Promise<Decision> {
    const { deps } = this;
    const message = await deps.repo.scheduledMessage(data.scheduledMessageId);
    if (!isDue(message, data.deliverAt)) return { events: [], reply: { delivered: false } };
    const sender = deps.users.user(message.senderId);
    if (!sender?.isActive) return failed(deps, message, 'Account is deactivated', now, false);
    if (message.kind === 'send_later' && now.getTime() / 1000 > message.deliverAt + LATE_CUTOFF_SECONDS) {
      return failed(deps, message, 'Message could not be sent at the scheduled time.', now, true);
    }
    try {
      const sent =
        message.kind === 'reminder'
          ? await sendReminder(deps, message, sender, now)
          : await sendAs(deps, sender, currentAddressee(message), message.content, message.client, now, message.readBySender);
      const events = deliveredEvents(message, sent.events);
      return { events, reply: deliveredReply(events) };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return failed(deps, message, error.msg, now, true);
    }
  }
}
