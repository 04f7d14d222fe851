import type { PushEvent } from '@zulip-es/contracts';
import type { NewEventOf } from '@zulip-es/platform';

/** An event the push service decides, as it goes on `push.events`; `T` narrows it to some types. */
export type PushNewEvent<T extends PushEvent['type'] = PushEvent['type']> = NewEventOf<typeof PushEvent, T>;
