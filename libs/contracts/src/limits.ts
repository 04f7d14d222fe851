/** What this server implements and the limits it announces to clients (`POST /register`). */
export const ZULIP_FEATURE_LEVEL = 420;
export const ZULIP_VERSION = '11.0-zulip-es';
export const ZULIP_MERGE_BASE = '11.0';

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;
export const MAX_AVATAR_FILE_SIZE_MIB = 5;
export const DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB = 25;
/** Zulip's self-hosted wording for a file over `max_file_upload_size_mib`. */
export const fileTooLargeMessage = (maxMib: number): string => `File is larger than this server's configured maximum upload size (${maxMib} MiB).`;
export const REALM_EMPTY_TOPIC_DISPLAY_NAME = 'general chat';
/** Zulip's `RESOLVED_TOPIC_PREFIX`: a topic starting with it is resolved (U+2714 HEAVY CHECK MARK and one space). */
export const RESOLVED_TOPIC_PREFIX = '✔ ';
export const MAX_FULL_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 1024;
/** `status_text` of a user status, in code points after stripping. */
export const MAX_STATUS_TEXT_LENGTH = 60;

/**
 * Bounds of `POST /register`'s lists, where Zulip has none: a queue keeps its event types and
 * narrow as long as it lives, so they are bounded. Zulip defines about 70 event types in all.
 */
export const MAX_REGISTER_EVENT_TYPES = 100;
export const MAX_EVENT_TYPE_LENGTH = 100;
export const MAX_REGISTER_NARROW_TERMS = 20;
export const MAX_NARROW_OPERAND_LENGTH = 1000;

/**
 * Bounds of drafts, where Zulip has none. A user's drafts are kept one document each, and every
 * draft of a request is decided and appended together: `POST /drafts` takes at most
 * `MAX_DRAFTS_PER_REQUEST` drafts (Zulip's clients save one at a time), a user keeps at most
 * `MAX_DRAFTS_PER_USER` (a request that would go past it is refused whole), and a direct
 * draft names at most `MAX_DRAFT_RECIPIENTS` users.
 */
export const MAX_DRAFTS_PER_REQUEST = 100;
export const MAX_DRAFTS_PER_USER = 1000;
export const MAX_DRAFT_RECIPIENTS = 1000;
/**
 * The raw `content` and `topic` of a draft, in UTF-16 code units. Zulip cuts a draft's content to
 * `MAX_MESSAGE_LENGTH` and its topic to `MAX_TOPIC_LENGTH` code points instead of refusing them,
 * and so does this server; four times those limits keeps that for any text a client may send
 * (a code point takes up to two units) while no draft carries more than 80 KB.
 */
export const MAX_DRAFT_CONTENT_LENGTH = 4 * MAX_MESSAGE_LENGTH;
export const MAX_DRAFT_TOPIC_LENGTH = 4 * MAX_TOPIC_LENGTH;
