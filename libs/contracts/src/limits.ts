/** What this server implements and the limits it announces to clients (`POST /register`). */
export const ZULIP_FEATURE_LEVEL = 420;
export const ZULIP_VERSION = '11.0-zulip-es';
export const ZULIP_MERGE_BASE = '11.0';

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;
export const DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB = 25;
/**
 * The organization's upload space (`UPLOAD_QUOTA_MIB`, Zulip's `realm_upload_quota_mib`): Zulip
 * leaves a self-hosted server without one, so any member could fill its storage.
 */
export const DEFAULT_UPLOAD_QUOTA_MIB = 10_240;
/** Zulip's self-hosted wording for a file over `max_file_upload_size_mib`. */
export const fileTooLargeMessage = (maxMib: number): string =>
  `File is larger than this server's configured maximum upload size (${maxMib} MiB).`;
export const REALM_EMPTY_TOPIC_DISPLAY_NAME = 'general chat';
/**
 * Where the organization's emoji data file (`{code_to_names}`, Zulip's `emoji_api.json`) is served,
 * under the organization's URL, at Zulip's own path: `POST /register` announces it as
 * `server_emoji_data_url` (the gateway serves the file).
 */
export const SERVER_EMOJI_DATA_PATH = '/static/generated/emoji/emoji_api.json';
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
 * Texts whose length the owning service checks or truncates itself, as Zulip does (names and
 * topics in code points after stripping, message content cut to `max_message_length`), are
 * accepted up to this many times that limit: anything near the limit still gets Zulip's own
 * answer, and no request carries an unbounded text into a command.
 */
export const TEXT_INPUT_FACTOR = 10;
/** Zulip's limits, as raw input bounds (see TEXT_INPUT_FACTOR). */
export const MAX_TOPIC_INPUT_LENGTH = MAX_TOPIC_LENGTH * TEXT_INPUT_FACTOR;
export const MAX_MESSAGE_INPUT_LENGTH = MAX_MESSAGE_LENGTH * TEXT_INPUT_FACTOR;
export const MAX_STREAM_NAME_INPUT_LENGTH = MAX_STREAM_NAME_LENGTH * TEXT_INPUT_FACTOR;
/** Zulip's `NamedUserGroup.MAX_NAME_LENGTH`. */
export const MAX_USER_GROUP_NAME_LENGTH = 100;
/**
 * A user group's description. Zulip's is a text field without a limit; every `POST /register`
 * and `GET /user_groups` carries every group's description, so one member's megabyte
 * description would be everyone's. The same bound as a channel's description.
 */
export const MAX_USER_GROUP_DESCRIPTION_LENGTH = 1024;

/**
 * Ids in one list parameter (users, channels, groups, messages, profile fields), where Zulip has
 * no bound: far more than an organization this server is sized for holds in one request.
 */
export const MAX_IDS_PER_REQUEST = 10_000;
/** Channels named in one `POST` or `DELETE /users/me/subscriptions`; Zulip has no bound. */
export const MAX_CHANNELS_PER_REQUEST = 500;
/**
 * Subscriptions one request may add or remove (channels × users): each is an event, and a
 * request's events are decided in memory and appended as one batch.
 */
export const MAX_SUBSCRIPTION_CHANGES_PER_REQUEST = 10_000;
/**
 * Changes in one `POST /users/me/subscriptions/properties` (Zulip has no bound): each is an event
 * of the caller's, decided and appended together.
 */
export const MAX_SUBSCRIPTION_PROPERTY_CHANGES_PER_REQUEST = 1000;
/**
 * Topics in one `GET /users/me/{stream_id}/topics` answer: the most recent ones (Zulip answers
 * every topic of the channel, which grows without bound with the channel).
 */
export const MAX_TOPICS_PER_REPLY = 5000;
/** Addresses in one `POST /invites`; Zulip has none but its daily quota. */
export const MAX_INVITEES_PER_REQUEST = 100;
/** Keys of `client_capabilities` (Zulip defines about 15). */
export const MAX_CLIENT_CAPABILITIES = 50;
/** Names of keys in an object parameter (capabilities, field data): the same as an event type's. */
export const MAX_KEY_LENGTH = 100;
/** Terms of a narrow (`GET /messages`, `POST /register`). */
export const MAX_NARROW_TERMS = MAX_REGISTER_NARROW_TERMS;

/**
 * A user's navigation views (Zulip has no bound): built-in ones and custom ones together. Their
 * fragment and name are bounded too: every `POST /register` of the user carries all of them.
 */
export const MAX_NAVIGATION_VIEWS_PER_USER = 100;
/** Zulip's `SavedSnippet.MAX_TITLE_LENGTH`. */
export const MAX_SAVED_SNIPPET_TITLE_LENGTH = 60;
/**
 * Zulip has no limit on a user's saved snippets; here they share one document per user, so at
 * most this many (each up to MAX_MESSAGE_LENGTH characters: a few megabytes at worst).
 */
export const MAX_SAVED_SNIPPETS_PER_USER = 200;
export const MAX_NAVIGATION_VIEW_FRAGMENT_LENGTH = 1000;
export const MAX_NAVIGATION_VIEW_NAME_LENGTH = 100;
/** Tokens and keys a client hands over (push tokens, public keys, sealed registrations, hashes). */
export const MAX_TOKEN_LENGTH = 4096;
/** Short identifiers given by clients (`queue_id`, `local_id`, setting values, operators, anchors). */
export const MAX_IDENTIFIER_LENGTH = 100;

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
 * The raw `content` and `topic` of a draft. Zulip cuts a draft's content to `MAX_MESSAGE_LENGTH`
 * and its topic to `MAX_TOPIC_LENGTH` code points instead of refusing them, and so does this
 * server, up to the raw bounds of a message's (see TEXT_INPUT_FACTOR).
 */
export const MAX_DRAFT_CONTENT_LENGTH = MAX_MESSAGE_INPUT_LENGTH;
export const MAX_DRAFT_TOPIC_LENGTH = MAX_TOPIC_INPUT_LENGTH;

/** Zulip's `MAX_ALERT_WORD_LENGTH`. */
export const MAX_ALERT_WORD_LENGTH = 100;
/**
 * A user's alert words (Zulip has no bound): every message sent to the user is matched against
 * them, and the whole list travels in each change's event.
 */
export const MAX_ALERT_WORDS_PER_USER = 1000;
/**
 * Reactions one message holds at most (Zulip has no bound): each user may give every emoji of the
 * organization, and a message's reactions are kept in its one document.
 */
export const MAX_REACTIONS_PER_MESSAGE = 20_000;
/** Zulip's `MAX_EMOJI_FILE_SIZE_MIB`: the largest custom emoji image one may upload. */
export const MAX_EMOJI_FILE_SIZE_MIB = 5;
/** Custom emoji names are Zulip's `[0-9a-z-_]` words; Zulip has no bound, this one is generous. */
export const MAX_EMOJI_NAME_LENGTH = 100;

/** Zulip's `ChannelFolder.MAX_NAME_LENGTH` and `MAX_DESCRIPTION_LENGTH`. */
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
/** Folders an organization keeps (Zulip has no bound); all are kept in one document and sent at registration. */
export const MAX_CHANNEL_FOLDERS = 1000;
/** Zulip's `MAX_REMINDER_NOTE_LENGTH`. */
export const MAX_REMINDER_NOTE_LENGTH = 1000;
/** Undelivered scheduled messages and reminders one user keeps (Zulip has no bound). */
export const MAX_SCHEDULED_MESSAGES_PER_USER = 1000;
/** The longest submessage (Zulip has no bound: a poll vote or task is a few hundred characters). */
export const MAX_SUBMESSAGE_CONTENT_LENGTH = 10_000;
/**
 * The submessages one message keeps, in characters of their content: every vote is one, kept on
 * the message's document. A million characters is thousands of votes; past it the poll is closed.
 */
export const MAX_SUBMESSAGE_CONTENT_PER_MESSAGE = 1_000_000;
/** Zulip's `Realm.MAX_REPORT_MESSAGE_EXPLANATION_LENGTH`: the longest description of a message report. */
export const MAX_REPORT_DESCRIPTION_LENGTH = 1000;
