import type { UsersEvent } from '@zulip-es/contracts';
import type { NewEventOf } from '@zulip-es/platform';

/** An event the users service decides, as it goes on `users.events`; `T` narrows it to some types. */
export type UsersNewEvent<T extends UsersEvent['type'] = UsersEvent['type']> = NewEventOf<typeof UsersEvent, T>;
