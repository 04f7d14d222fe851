import { Role } from '@zulip-es/contracts';
import { api, type Credentials } from '@zulip-es/testing';

/** Shared steps of the PATCH /messages/{message_id} integration specs. */
export async function send(auth: Credentials, params: Record<string, unknown>): Promise<number> {
  const res = await api('POST', '/messages', { auth, params });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.id as number;
}

export const edit = (auth: Credentials, messageId: number, params: Record<string, unknown>) =>
  api('PATCH', `/messages/${messageId}`, { auth, params });

export interface ViewedMessage {
  id: number;
  content: string;
  sender_email: string;
  subject: string;
  stream_id: number;
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  edit_history?: Record<string, unknown>[];
}

/** The messages of a channel's topic the user sees, oldest first (raw Markdown). */
export async function topicMessages(auth: Credentials, channel: string, topic: string): Promise<ViewedMessage[]> {
  const res = await api('GET', '/messages', {
    auth,
    params: {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      apply_markdown: false,
      narrow: [
        ['channel', channel],
        ['topic', topic],
      ],
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.messages as ViewedMessage[];
}

export const SUCCESS = { result: 'success', msg: '', detached_uploads: [] };
export const NOTIFICATION_BOT = 'notification-bot@zulip.com';

/** Every role with a label, for the role matrices of both specs. */
export const EVERY_ROLE: [Role, string][] = [
  [Role.OWNER, 'owner'],
  [Role.ADMINISTRATOR, 'admin'],
  [Role.MODERATOR, 'moderator'],
  [Role.MEMBER, 'member'],
  [Role.GUEST, 'guest'],
];
