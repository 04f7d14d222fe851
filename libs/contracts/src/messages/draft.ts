import { z } from 'zod';
import { MAX_DRAFT_CONTENT_LENGTH, MAX_DRAFT_RECIPIENTS, MAX_DRAFT_TOPIC_LENGTH } from '../limits';
import { UserId } from '../users/user-fields';

/**
 * A stored draft as the drafts events carry it (Zulip's `Draft.to_dict`, with the exact edit
 * time): `type` `""` is unaddressed (its `to` is empty), `stream` names one channel in `to`,
 * `private` the recipients other than the owner (only the owner when writing to themselves),
 * ascending. `timestamp` is the last edit time in seconds, to the microsecond.
 */
export const StoredDraft = z.object({
  id: z.number().int().positive(),
  type: z.enum(['', 'stream', 'private']),
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number().nonnegative(),
});
export type StoredDraft = z.infer<typeof StoredDraft>;

export const DraftOwner = { userId: UserId };

const DRAFT_KEYS = new Set(['type', 'to', 'topic', 'content', 'timestamp']);

/**
 * A draft as a client sends it (Zulip's `DraftData`, a strict pydantic model): `id` is never
 * accepted, `timestamp` (seconds, integer or float) is filled by the server when absent, and the
 * content must not be blank. Unknown keys are refused as pydantic words it, naming the key's own
 * path (`Argument "id" at draft["id"] is unexpected`). `to`, `topic` and `content` are bounded
 * (see `MAX_DRAFT_RECIPIENTS`, `MAX_DRAFT_TOPIC_LENGTH`, `MAX_DRAFT_CONTENT_LENGTH`), where
 * Zulip has no bound; below those, a long topic or content is cut as Zulip cuts it.
 */
export const DraftInput = z
  .looseObject({
    type: z.enum(['', 'stream', 'private']),
    to: z.array(z.int()).max(MAX_DRAFT_RECIPIENTS),
    topic: z.string().max(MAX_DRAFT_TOPIC_LENGTH),
    // Zulip's RequiredStringConstraint: refused when blank, yet kept unstripped.
    content: z
      .string()
      .max(MAX_DRAFT_CONTENT_LENGTH)
      .superRefine((text, ctx) => {
        if (text.trim() === '') ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: text });
      }),
    timestamp: z.number().nullable().optional(),
  })
  .superRefine((draft, ctx) => {
    const extra = Object.keys(draft).find((key) => !DRAFT_KEYS.has(key));
    if (extra !== undefined) ctx.addIssue({ code: 'unrecognized_keys', keys: [extra], path: [extra], input: draft });
  })
  .meta({ unknownKeysRefused: true })
  .transform(({ type, to, topic, content, timestamp }) => ({ type, to, topic, content, timestamp: timestamp ?? null }));
export type DraftInput = z.output<typeof DraftInput>;
