/**
 * The tag a message carries in its channel's list and in each participant's direct-message list
 * (see message-list's tagged lists): who sent it, whether its sender has not read it (sent by an
 * API client), whether it mentions the whole channel, and its place (the topic, or the direct
 * conversation's sorted user ids). Reading a range of such a list tells, without any message
 * document, which of its messages a user has received unread and in which conversation.
 */
export interface ListTag {
  senderId: number;
  senderUnread: boolean;
  channelWildcard: boolean;
  place: string;
}

export const formatListTag = ({ senderId, senderUnread, channelWildcard, place }: ListTag): string =>
  `${senderId}${senderUnread ? '*' : ''}${channelWildcard ? 'w' : ''} ${place}`;

const TAG = /^(\d+)(\*?)(w?) ([\s\S]*)$/;

export function parseListTag(tag: string): ListTag {
  const match = TAG.exec(tag);
  if (!match) return { senderId: 0, senderUnread: false, channelWildcard: false, place: '' };
  return { senderId: Number(match[1]), senderUnread: match[2] === '*', channelWildcard: match[3] === 'w', place: match[4] };
}

/** A direct conversation's place: its sorted user ids. */
export const directPlace = (userIds: readonly number[]): string => [...userIds].sort((a, b) => a - b).join(',');
export const placeUserIds = (place: string): number[] => place.split(',').map(Number);
