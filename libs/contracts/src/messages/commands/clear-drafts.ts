import { z } from 'zod';
import { UserId } from '../../users/user-fields';

/**
 * Not a REST operation: the messages service sends it to itself for each
 * `user.settings_changed.v1` that turns `enable_drafts_synchronization` off, keyed like the
 * user's own draft commands (`user:<id>`), with the command id
 * `drafts.sync_disabled:<userId>:<userSequence>` so that reading the event again changes nothing.
 */
export const CLEAR_DRAFTS = 'draft.clear_after_sync_disabled';
export const ClearDrafts = z.object({
  userId: UserId,
  /** The sequence of the settings event in the `user:<id>` aggregate. */
  userSequence: z.number().int().positive(),
});
export type ClearDrafts = z.infer<typeof ClearDrafts>;
