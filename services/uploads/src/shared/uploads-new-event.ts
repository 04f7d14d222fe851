import type { UploadsEvent } from '@zulip-es/contracts';
import type { NewEventOf } from '@zulip-es/platform';

/** An event the uploads service decides, as it goes on `uploads.events`; `T` narrows it to some types. */
export type UploadsNewEvent<T extends UploadsEvent['type'] = UploadsEvent['type']> = NewEventOf<typeof UploadsEvent, T>;
