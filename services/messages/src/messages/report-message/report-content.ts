import { MAX_MESSAGE_LENGTH, MAX_REPORT_DESCRIPTION_LENGTH, REPORT_TYPES } from '@zulip-es/contracts';
import { directMessageUrl, messageLinkSyntax, unusedFence } from '../written-markdown';

/** Zulip's `MAX_REPORT_MESSAGE_SNIPPET_LENGTH`: room left for the description and the template. */
export const MAX_REPORT_SNIPPET_LENGTH = MAX_MESSAGE_LENGTH - MAX_REPORT_DESCRIPTION_LENGTH - 500;

export type ReportType = keyof typeof REPORT_TYPES;

interface Person {
  userId: number;
  /** Zulip's silent mention of them. */
  mention: string;
}

/** What a report says of the reported message. */
export interface ReportedMessage {
  messageId: number;
  content: string;
  /** Unix seconds. */
  timestamp: number;
  sender: Person;
  place: { kind: 'channel'; channelId: number; channelName: string; topic: string } | { kind: 'direct'; participants: Person[] };
}

export interface ReportInput {
  reporter: Person;
  message: ReportedMessage;
  reportType: ReportType;
  description: string;
  realmUrl: string;
}

/** Zulip's `truncate_content`. */
const truncate = (content: string, max: number, notice: string): string =>
  [...content].length > max ? [...content].slice(0, max - notice.length).join('') + notice : content;

/** Zulip's `datetime_to_global_time`: a time each reader sees in their own zone. */
const globalTime = (timestamp: number): string => `<time:${new Date(timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')}>`;

/** Zulip's header of a report: who reported what, sent by whom and when. */
function header({ reporter, message }: ReportInput): string {
  const at = globalTime(message.timestamp);
  const { sender, place } = message;
  if (place.kind === 'channel') return `${reporter.mention} reported a message sent by ${sender.mention} at ${at}.`;
  if (place.participants.length <= 2) {
    if (sender.userId !== reporter.userId) return `${reporter.mention} reported a direct message sent by ${sender.mention} at ${at}.`;
    const other = place.participants.find((p) => p.userId !== reporter.userId) ?? reporter;
    return `${reporter.mention} reported a direct message sent by ${sender.mention} to ${other.mention} at ${at}.`;
  }
  const others = place.participants
    .filter((p) => p.userId !== sender.userId)
    .map((p) => p.mention)
    .sort();
  const last = others.pop()!;
  const list = others.join(', ') + (others.length > 1 ? ',' : '');
  return `${reporter.mention} reported a direct message sent by ${sender.mention} to ${list} and ${last} at ${at}.`;
}

/** Zulip's `send_message_report` text (`zerver/lib/message_report.py`). */
export function reportContent(input: ReportInput): string {
  const { message } = input;
  const original =
    message.place.kind === 'channel'
      ? `Original message at ${messageLinkSyntax(message.place.channelId, message.place.channelName, message.place.topic, message.messageId)}`
      : `[Original message](${directMessageUrl(
          input.realmUrl,
          message.place.participants.map((p) => p.userId),
          message.messageId,
        )})`;
  const snippet = truncate(message.content, MAX_REPORT_SNIPPET_LENGTH, '\n[message truncated]');
  const fence = unusedFence(snippet);
  return `${header(input)}\n\`\`\`quote\n**${REPORT_TYPES[input.reportType]}**. ${input.description}\n\`\`\`\n\n${fence} spoiler ${original}\n${snippet}\n${fence}\n`;
}

/** Zulip's topic for reports about one user. */
export const reportTopic = (reportedFullName: string): string => `${reportedFullName} moderation`;
