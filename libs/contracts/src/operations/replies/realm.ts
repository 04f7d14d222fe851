import { z } from 'zod';

/** Zulip's `RealmEmoji`: `still_url` for animated images only (null otherwise). */
export const RealmEmojiReply = z.strictObject({
  id: z.string(),
  name: z.string(),
  source_url: z.string(),
  still_url: z.string().nullable().optional(),
  deactivated: z.boolean(),
  author_id: z.int().nullable(),
});

/** A linkifier, in the order the organization applies them. */
export const LinkifierReply = z.strictObject({ id: z.int(), pattern: z.string(), url_template: z.string() });

/** Zulip's `Invite`: `email` for an invitation to one address, `link_url` for a reusable link. */
export const InviteReply = z.strictObject({
  id: z.int(),
  invited_by_user_id: z.int(),
  invited: z.int(),
  expiry_date: z.int().nullable(),
  invited_as: z.int(),
  email: z.string().optional(),
  // Only for an invitation to one address: a reusable link has no referrer to notify.
  notify_referrer_on_join: z.boolean().optional(),
  link_url: z.string().optional(),
  is_multiuse: z.boolean(),
});

/** Zulip's `RealmExport`. */
export const RealmExportReply = z.strictObject({
  id: z.int(),
  acting_user_id: z.int(),
  export_time: z.number(),
  deleted_timestamp: z.number().nullable(),
  failed_timestamp: z.number().nullable(),
  export_url: z.string().nullable(),
  pending: z.boolean(),
  export_type: z.int(),
});

export type RealmEmojiReply = z.output<typeof RealmEmojiReply>;
export type LinkifierReply = z.output<typeof LinkifierReply>;
export type InviteReply = z.output<typeof InviteReply>;
export type RealmExportReply = z.output<typeof RealmExportReply>;
