import { PROPAGATE_MODES, REALM_EMPTY_TOPIC_DISPLAY_NAME, type PropagateMode } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';

/** PATCH /messages/{message_id} as the gateway delivers it. */
export interface EditMessageParams {
  message_id: number;
  content?: string;
  topic?: string;
  subject?: string;
  stream_id?: number;
  propagate_mode: string;
  send_notification_to_old_thread: boolean;
  send_notification_to_new_thread: boolean;
  prev_content_sha256?: string;
}

/** The request once Zulip's parameter handling is done: what is asked to change, and how. */
export interface EditRequest {
  messageId: number;
  content?: string;
  /** The wanted topic, stripped, "general chat" read as the empty topic (not yet checked nor truncated). */
  topic?: string;
  channelId?: number;
  propagateMode: PropagateMode;
  notifyOldThread: boolean;
  notifyNewThread: boolean;
  prevContentSha256?: string;
}

const isPropagateMode = (mode: string): mode is PropagateMode => (PROPAGATE_MODES as readonly string[]).includes(mode);

/**
 * Zulip's view parameters: `subject` stands for `topic`, the topic is stripped and the
 * organization's display name of the empty topic read as `""`.
 */
export function editRequest(params: EditMessageParams): EditRequest {
  if (!isPropagateMode(params.propagate_mode)) throw badRequest('Invalid propagate_mode');
  const rawTopic = params.topic ?? params.subject;
  const stripped = rawTopic?.trim();
  return {
    messageId: params.message_id,
    content: params.content,
    topic: stripped === REALM_EMPTY_TOPIC_DISPLAY_NAME ? '' : stripped,
    channelId: params.stream_id,
    propagateMode: params.propagate_mode,
    notifyOldThread: params.send_notification_to_old_thread,
    notifyNewThread: params.send_notification_to_new_thread,
    prevContentSha256: params.prev_content_sha256,
  };
}
