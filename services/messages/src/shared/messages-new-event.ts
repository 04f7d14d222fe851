import type { MessagesEvent } from '@zulip-es/contracts';
import type { Decision, NewEventOf } from '@zulip-es/platform';

type MessagesEventType = MessagesEvent['type'];

/** An event the messages service decides, as it goes on `messages.events`; `T` narrows it to some types. */
export type MessagesNewEvent<T extends MessagesEventType = MessagesEventType> = NewEventOf<typeof MessagesEvent, T>;

/** A messages command's events (of the types `T`) and reply. */
export type MessagesDecision<T extends MessagesEventType = MessagesEventType> = Decision<MessagesNewEvent<T>>;
