import { MAX_MESSAGE_LENGTH, MAX_REMINDER_NOTE_LENGTH } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { channelMessageUrl, directMessageUrl, messageLinkSyntax, unusedFence } from '../messages/written-markdown';

/** Zulip's `normalize_note_text`: trailing whitespace and leading newlines dropped, then bounded. */
export function normalizeNote(note: string): string {
  const body = note.trimEnd().replace(/^\n+/, '');
  if ([...body].length > MAX_REMINDER_NOTE_LENGTH) throw badRequest(`Maximum reminder note length: ${MAX_REMINDER_NOTE_LENGTH} characters`);
  return body;
}

export interface RemindedMessage {
  messageId: number;
  content: string;
  /** The sender's silent mention. */
  senderMention: string;
  place: { kind: 'channel'; channelId: number; channelName: string; topic: string } | { kind: 'direct'; userIds: number[] };
}

/** Zulip's `message_link_url`: where the message is, on the organization's URL. */
function messageUrl(realmUrl: string, message: RemindedMessage): string {
  const { place } = message;
  if (place.kind === 'direct') return directMessageUrl(realmUrl, place.userIds, message.messageId);
  return channelMessageUrl(realmUrl, place.channelId, place.channelName, place.topic, message.messageId);
}

/** Zulip's `get_reminder_formatted_content`: what the Notification Bot says, quoting the message. */
export function reminderContent(message: RemindedMessage, note: string, realmUrl: string): string {
  const { place } = message;
  const what = place.kind === 'channel' ? messageLinkSyntax(place.channelId, place.channelName, place.topic, message.messageId) : null;
  let content: string;
  if (what !== null) content = note ? `You requested a reminder for ${what}. Note:\n > ${note}` : `You requested a reminder for ${what}.`;
  else
    content = note
      ? `You requested a reminder for the following direct message. Note:\n > ${note}`
      : 'You requested a reminder for the following direct message.';
  const url = messageUrl(realmUrl, message);
  content += '\n\n';
  if (message.content.startsWith('/poll')) return `${content}${message.senderMention} [sent](${url}) a poll.`;
  if (message.content.startsWith('/todo')) return `${content}${message.senderMention} [sent](${url}) a todo list.`;
  content += `${message.senderMention} [said](${url}):\n`;
  const fence = unusedFence(content);
  const room = MAX_MESSAGE_LENGTH - [...`${content}${fence}quote\n\n${fence}`].length;
  const chars = [...message.content];
  const quoted =
    chars.length > room ? chars.slice(0, room - '\n[message truncated]'.length).join('') + '\n[message truncated]' : message.content;
  return `${content}${fence}quote\n${quoted}\n${fence}`;
}
