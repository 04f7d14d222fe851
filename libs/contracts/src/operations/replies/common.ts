import { z } from 'zod';

/** The reply of an operation that answers nothing beyond `result` and `msg`. */
export const EmptyReply = z.strictObject({});

/** A reply naming the one id the call created, under Zulip's name for it (`{id}`, `{group_id}`...). */
export const idReply = <K extends string>(name: K) => z.strictObject({ [name]: z.int() } as Record<K, z.ZodInt>);

export type EmptyReply = z.output<typeof EmptyReply>;
