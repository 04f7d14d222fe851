import { nearMessageNarrow } from '../written-markdown';

export interface TopicPlace {
  channelId: number;
  channelName: string;
  topic: string;
}

export interface BreadcrumbInput {
  from: TopicPlace;
  to: TopicPlace;
  /** The mover, as Zulip's silent mention `@_**Name|id**`. */
  mover: string;
  movedCount: number;
  /** Whether the move left none of the old topic's messages the mover can see (the whole topic moved). */
  wholeTopic: boolean;
  /** The id of the message the request named (linked to when it moved alone). */
  messageId: number;
}

/** Zulip's `#**channel>topic**` link syntax. */
const topicLink = (place: TopicPlace): string => `#**${place.channelName}>${place.topic}**`;

/** Zulip's `near_stream_message_url`, relative to the organization's URL. */
export const nearMessageUrl = (place: TopicPlace, messageId: number): string =>
  nearMessageNarrow(place.channelId, place.channelName, place.topic, messageId);

/** Zulip's text for the moved messages' new topic (`send_message_moved_breadcrumbs`). */
export function newThreadBreadcrumb(input: BreadcrumbInput): string {
  const from = topicLink(input.from);
  if (input.wholeTopic) return `This topic was moved here from ${from} by ${input.mover}.`;
  if (input.movedCount === 1)
    return `[A message](${nearMessageUrl(input.to, input.messageId)}) was moved here from ${from} by ${input.mover}.`;
  return `${input.movedCount} messages were moved here from ${from} by ${input.mover}.`;
}

/** Zulip's text for the topic the messages left. */
export function oldThreadBreadcrumb(input: BreadcrumbInput): string {
  const to = topicLink(input.to);
  if (input.wholeTopic) return `This topic was moved to ${to} by ${input.mover}.`;
  if (input.movedCount === 1) return `A message was moved from this topic to ${to} by ${input.mover}.`;
  return `${input.movedCount} messages were moved from this topic to ${to} by ${input.mover}.`;
}

/** Zulip's notice in a topic just resolved or unresolved. */
export const resolveNotice = (mover: string, toggle: 'resolved' | 'unresolved'): string => `${mover} has marked this topic as ${toggle}.`;
