/**
 * The Markdown syntax Zulip's server writes into the messages it sends (reports, reminders):
 * links to messages and fences that do not close early.
 */
import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import { encodeChannel, encodeHashComponent } from '@zulip-es/zulip-markdown';

/** Characters that break Zulip's `#**channel>topic@id**` syntax (`topic_link_util.invalid_stream_topic_regex`). */
const BREAKING = /[`>*&[\]]|\$\$/g;
const ESCAPED: Record<string, string> = {
  '`': '&#96;',
  '>': '&gt;',
  '*': '&#42;',
  '&': '&amp;',
  $$: '&#36;&#36;',
  '[': '&#91;',
  ']': '&#93;',
};

/** Zulip's `stream_message_url` without the organization's URL: a channel message in its topic. */
export const nearMessageNarrow = (channelId: number, channelName: string, topic: string, messageId: number): string =>
  `#narrow/channel/${encodeChannel(channelId, channelName)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;

/**
 * Zulip's `get_message_link_syntax`: `#**channel>topic@id**`, or a plain Markdown link when the
 * names hold characters that syntax cannot carry.
 */
export function messageLinkSyntax(channelId: number, channelName: string, topic: string, messageId: number): string {
  const breaks = (name: string) => name.search(BREAKING) >= 0;
  if (!breaks(channelName) && !breaks(topic)) return `#**${channelName}>${topic}@${messageId}**`;
  const escape = (name: string) => name.replace(BREAKING, (m) => ESCAPED[m] ?? m);
  const link = nearMessageNarrow(channelId, channelName, topic, messageId);
  return `[#${escape(channelName)} > ${escape(topic === '' ? REALM_EMPTY_TOPIC_DISPLAY_NAME : topic)} @ 💬](${link})`;
}

/** Zulip's `pm_message_url`: a direct message in its conversation (`encode_user_ids`), on the organization's URL. */
export function directMessageUrl(realmUrl: string, userIds: readonly number[], messageId: number): string {
  const ids = [...userIds].sort((a, b) => a - b);
  return `${realmUrl.replace(/\/$/, '')}/#narrow/dm/${ids.join(',')}${ids.length >= 3 ? '-group' : ''}/near/${messageId}`;
}

/** Zulip's `message_link_url` for a channel message (`stream_message_url`), on the organization's URL. */
export const channelMessageUrl = (realmUrl: string, channelId: number, channelName: string, topic: string, messageId: number): string =>
  `${realmUrl.replace(/\/$/, '')}/${nearMessageNarrow(channelId, channelName, topic, messageId)}`;

/** Zulip's `get_unused_fence`: a backtick fence longer than any the content opens a line with. */
export function unusedFence(content: string): string {
  let length = 3;
  for (const match of content.matchAll(/^ {0,3}(`{3,})/gm)) length = Math.max(length, match[1]!.length + 1);
  return '`'.repeat(length);
}
