/**
 * Zulip's error codes and the HTTP status each one is rendered with
 * (zerver/lib/exceptions.py). Domain code raises a `DomainError` carrying one of these codes; the
 * gateway renders it as `{"result":"error","msg","code",...extra}`.
 */
import { z } from 'zod';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  REQUEST_VARIABLE_MISSING: 400,
  REQUEST_CONFUSING_VAR: 400,
  UNAUTHORIZED_PRINCIPAL: 400,
  UNAUTHORIZED: 401,
  INVALID_API_KEY: 401,
  USER_DEACTIVATED: 401,
  REALM_DEACTIVATED: 401,
  AUTHENTICATION_FAILED: 401,
  RATE_LIMIT_HIT: 429,
  /** An `old` value sent with a change does not match the current one. */
  EXPECTATION_MISMATCH: 400,
  /** A user group still used by a setting or as a subgroup (with `objections`). */
  CANNOT_DEACTIVATE_GROUP_IN_USE: 400,
  /** DELETE /users/me by the only active user or the only owner (with `is_last_owner`, `entity`). */
  CANNOT_DEACTIVATE_LAST_USER: 400,
  /** POST /invites: with `errors`, `sent_invitations`, `daily_limit_reached`, `license_limit_reached`. */
  INVITATION_FAILED: 400,
  /** POST /channels/create (and renames) with a name in use: Zulip's ChannelExistsError. */
  CHANNEL_ALREADY_EXISTS: 409,
  /** A channel named by name or id does not exist (with `stream` or `stream_id`). */
  STREAM_DOES_NOT_EXIST: 400,
  /** A channel message to the empty topic where the channel's topics policy requires topics. */
  TOPICS_REQUIRED: 400,
  /** A whole-topic move reaching past the mover's time limits (with the part they may move). */
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: 400,
  /** A channel or topic wildcard mention reaching too many people for the sender. */
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: 400,
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: 400,
  /** An uploaded image that cannot be used (Zulip's BadImageError): custom emoji. */
  BAD_IMAGE: 400,
  /** POST /messages/{id}/reactions with a reaction the user already gave. */
  REACTION_ALREADY_EXISTS: 400,
  /** DELETE /messages/{id}/reactions with a reaction the user never gave. */
  REACTION_DOES_NOT_EXIST: 400,
  /** E11 and E19 on a server with no push bouncer configured. */
  PUSH_SERVICE_NOT_CONFIGURED: 400,
  /** E19 with a `token` that is none of the caller's devices. */
  INVALID_PUSH_DEVICE_TOKEN: 400,
  /** E19 with a `token` the push bouncer does not know. */
  INVALID_REMOTE_PUSH_DEVICE_TOKEN: 400,
  /** The push bouncer's answers to a registration it refuses. */
  INVALID_BOUNCER_PUBLIC_KEY: 400,
  INVALID_ENCRYPTED_PUSH_REGISTRATION: 400,
  REQUEST_EXPIRED: 400,
  /** POST /mobile_push/e2ee/test_notification for a user with no end-to-end encrypted device registered with the bouncer. */
  NO_ACTIVE_PUSH_DEVICE: 400,
  /** A push bouncer that refuses this server (credentials, plan, registration): the server's administrator must act. */
  ADMIN_ACTION_REQUIRED: 403,
  /** The push bouncer could not be reached (E19). */
  FAILED_TO_CONNECT_BOUNCER: 502,
  /** The push bouncer answered with a server error (E19). */
  INTERNAL_SERVER_ERROR_ON_BOUNCER: 502,
  /** GET/DELETE /events on a queue that expired, never existed or is another user's (with `queue_id`). */
  BAD_EVENT_QUEUE_ID: 400,
  /** An upload past the organization's upload quota (Zulip's RealmUploadQuotaError). */
  REALM_UPLOAD_QUOTA: 400,
  /** Not a Zulip code: the owning service did not answer before the request's deadline. */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ErrorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** How an error travels in a reply: code, message, status and Zulip's extra fields. */
export const ZulipErrorPayload = z.object({
  code: ErrorCode,
  msg: z.string(),
  /** Overrides the code's default status, as Zulip does for a few errors (404 for drafts). */
  status: z.number().int().min(400).max(599),
  extra: z.record(z.string(), z.unknown()).default({}),
});
export type ZulipErrorPayload = z.infer<typeof ZulipErrorPayload>;
