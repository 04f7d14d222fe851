import {
  MAX_SUBMESSAGE_CONTENT_PER_MESSAGE,
  type OperationData,
  type sendSubmessage,
  type Submessage,
  type SubmessageAddedV1,
} from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { MESSAGES_AGGREGATE, type MessageState } from '../message.state';
import { validatePollData, validateTodoData } from '../widgets/widget-validation';
import type { MessagesDecision } from '../../shared/messages-new-event';

export type SendSubmessage = OperationData<typeof sendSubmessage>;

export interface SubmessageState {
  actorId: number;
  /** The message, when it exists and the actor may read it (else Zulip's `Invalid message(s)`). */
  message: MessageState | null;
  messagesVersion: number;
}

/** Zulip's `get_widget_type`: what the message's first widget submessage says it is, if it says. */
function widgetType(submessages: readonly Submessage[]): unknown {
  const widget = submessages.find((s) => s.msgType === 'widget');
  if (!widget) return undefined;
  try {
    const data: unknown = JSON.parse(widget.content);
    return data !== null && typeof data === 'object' ? (data as { widget_type?: unknown }).widget_type : undefined;
  } catch {
    return undefined;
  }
}

function parseContent(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    throw badRequest('Invalid json for submessage');
  }
}

/**
 * Zulip's `process_submessage`: the first submessage of a message must be its sender's; the
 * content must be JSON, and for a poll or a to-do list, a change the widget knows.
 */
export function decideSubmessage(cmd: SendSubmessage, state: SubmessageState): MessagesDecision {
  const { message, actorId } = state;
  if (!message) throw badRequest('Invalid message(s)');
  const submessages = message.submessages ?? [];
  if (message.senderId !== actorId && !submessages.some((s) => s.senderId === message.senderId)) {
    throw badRequest('You cannot attach a submessage to this message.');
  }
  const data = parseContent(cmd.content);
  const isWidgetAuthor = message.senderId === actorId;
  const type = widgetType(submessages);
  if (type === 'poll') validatePollData(data, isWidgetAuthor);
  if (type === 'todo') validateTodoData(data, isWidgetAuthor);
  const kept = submessages.reduce((sum, s) => sum + s.content.length, 0);
  if (kept + cmd.content.length > MAX_SUBMESSAGE_CONTENT_PER_MESSAGE) {
    throw badRequest(`A message keeps at most ${MAX_SUBMESSAGE_CONTENT_PER_MESSAGE} characters of submessages.`);
  }
  const sequence = state.messagesVersion + 1;
  const added: SubmessageAddedV1['data'] = {
    messageId: message.messageId,
    submessageId: sequence,
    senderId: actorId,
    msgType: cmd.msg_type,
    content: cmd.content,
    conversation: message.conversation,
  };
  return { events: [{ type: 'submessage.added.v1', aggregateId: MESSAGES_AGGREGATE, sequence, data: added }], reply: {} };
}
