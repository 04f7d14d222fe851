import { Controller, Inject } from '@nestjs/common';
import { REPORT_TYPES, reportMessage, type OperationData } from '@zulip-es/contracts';
import { badRequest, CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { MESSAGES_DEPS, type MessagesDeps } from '../../shared/messages-deps';
import type { ReadUser } from '../../users-read-model/users-read-model';
import { notifyInChannel, silentMention } from '../notification-bot/notification-bot';
import { accessMessage } from '../read-messages/message-access';
import { reportContent, reportTopic, type ReportedMessage, type ReportType } from './report-content';

type ReportMessage = OperationData<typeof reportMessage>;

const isReportType = (value: string): value is ReportType => Object.hasOwn(REPORT_TYPES, value);

/** Zulip's checks of a report, in its order: the type, a description for "other", a moderation request channel. */
function checkReport(data: ReportMessage, moderationChannelId: number): ReportType {
  if (!isReportType(data.report_type)) throw badRequest('Invalid report_type: Value error, Not in the list of possible values');
  if (data.report_type === 'other' && data.description === '') throw badRequest('An explanation is required.');
  if (moderationChannelId < 0) throw badRequest('Moderation request channel must be specified to enable message reporting.');
  return data.report_type;
}

const person = (user: ReadUser | undefined, userId: number) => ({
  userId,
  mention: silentMention(user ?? { fullName: 'Unknown user', userId }),
});

@Controller()
export class ReportMessageHandler {
  constructor(@Inject(MESSAGES_DEPS) private readonly deps: MessagesDeps) {}

  /**
   * POST /messages/{message_id}/report: the Notification Bot posts the report, with the message's
   * text behind a spoiler, to the moderation request channel, in a topic about its sender.
   */
  @CommandPattern(reportMessage)
  async reportMessage({ actorId, data, now }: MessageContext<ReportMessage>): Promise<Decision> {
    const { deps } = this;
    const realm = deps.users.realm!;
    const channel = realm.moderationRequestChannelId >= 0 ? await deps.repo.channel(realm.moderationRequestChannelId) : null;
    const reportType = checkReport(data, channel && !channel.isArchived ? channel.channelId : -1);
    const { reader, message } = await accessMessage(deps, actorId, data.message_id);
    const sender = deps.users.user(message.senderId);
    const { conversation } = message;
    const place: ReportedMessage['place'] =
      conversation.type === 'channel'
        ? {
            kind: 'channel',
            channelId: conversation.channelId,
            channelName: (await reader.channel(conversation.channelId))?.name ?? '',
            topic: conversation.topic,
          }
        : { kind: 'direct', participants: conversation.userIds.map((id) => person(deps.users.user(id), id)) };
    const content = reportContent({
      reporter: person(reader.user, reader.user.userId),
      message: {
        messageId: message.messageId,
        content: message.content,
        timestamp: message.timestamp,
        sender: person(sender, message.senderId),
        place,
      },
      reportType,
      description: data.description,
      realmUrl: realm.url,
    });
    const emptyTopicOnly = (channel!.topicsPolicy === 'inherit' ? realm.topicsPolicy : channel!.topicsPolicy) === 'empty_topic_only';
    const topic = emptyTopicOnly ? '' : reportTopic(sender?.fullName ?? '');
    const decision = await notifyInChannel(deps, channel!.channelId, topic, content, now);
    if (!decision) throw new Error('the organization has no Notification Bot to post the report');
    return { events: decision.events, reply: {} };
  }
}
