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
