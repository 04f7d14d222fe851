import type { AttachmentUploadedV1 } from '@zulip-es/contracts';

/** A message claiming an upload. */
export interface ClaimingMessage {
  messageId: number;
  /** ISO 8601. */
  dateSent: string;
}

/**
 * An upload as the uploads service keeps it: as uploaded, and the messages claiming it
 * (`messages` is absent in tests' hand-made states and means none).
 */
export type AttachmentState = AttachmentUploadedV1['data'] & {
  messages?: ClaimingMessage[];
  /** Some message claimed it once (garbage collection keeps it, even with no claim left). */
  everClaimed?: boolean;
};

/** Which uploads a message claims (by attachment id), and when it was sent. */
export interface MessageClaims {
  messageId: number;
  attachmentIds: number[];
  dateSent: string;
}

/** The organization's attachments aggregate: every attachment event is decided on it (key `realm`). */
export interface AttachmentsCounters {
  /** The sequence of the last attachment event applied. */
  version: number;
  lastAttachmentId: number;
  /** Bytes of every attachment kept (Zulip's `upload_space_used`, the organization's). */
  spaceUsed: number;
}

export const ATTACHMENTS_AGGREGATE = 'attachments';
export const NO_ATTACHMENTS: AttachmentsCounters = { version: 0, lastAttachmentId: 0, spaceUsed: 0 };

/** Zulip's attachment dictionary (`GET /attachments`, `detached_uploads`, `attachment` events). */
export interface AttachmentView {
  id: number;
  name: string;
  path_id: string;
  size: number;
  /** Milliseconds since the epoch. */
  create_time: number;
  messages: { id: number; date_sent: number }[];
}

/** Zulip's `datetime_to_timestamp(...) * 1000`: whole seconds, in milliseconds. */
const wholeSecondsMs = (iso: string): number => Math.floor(Date.parse(iso) / 1000) * 1000;

export const attachmentView = (a: AttachmentState): AttachmentView => ({
  id: a.attachmentId,
  name: a.name,
  path_id: a.pathId,
  size: a.size,
  create_time: wholeSecondsMs(a.createdAt),
  messages: (a.messages ?? []).map((m) => ({ id: m.messageId, date_sent: wholeSecondsMs(m.dateSent) })),
});

/** What `POST /user_uploads` answers: the file's URL (`uri` is Zulip's deprecated alias) and its stored name. */
export const uploadReply = (a: Pick<AttachmentState, 'pathId' | 'name'>) => ({
  uri: `/user_uploads/${a.pathId}`,
  url: `/user_uploads/${a.pathId}`,
  filename: a.name,
});
