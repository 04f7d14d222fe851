import { REGISTER_STATE_TYPES, Role } from '@zulip-es/contracts';
import { eventNarrowError, type EventNarrow, type EventQueues } from '@zulip-es/event-queues';
import { badRequest } from '@zulip-es/platform';
import type { AroundRequest } from '../dispatch/dispatcher';

/** Client capability names as Zulip spells them: only those are spliced into the queue's list. */
const CAPABILITY_NAME = /^[a-z_]+$/;

export interface RegisterOptions {
  /** `event_queue_longpoll_timeout_seconds` (fetch type `realm`): the gateway holds the long polls. */
  longpollTimeoutSeconds: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The services' states as one. A key several services answer with objects (each service its own
 * part of `server_supported_permission_settings`) gets every part; otherwise the later one wins.
 */
function mergeStates(states: readonly Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const state of states) {
    for (const [key, value] of Object.entries(state)) {
      const known = merged[key];
      merged[key] = isPlainObject(known) && isPlainObject(value) ? { ...known, ...value } : value;
    }
  }
  return merged;
}

/**
 * POST /register: the caller's event queue and the state it keeps current. Its `event_types`
 * (null: all), `narrow`, `all_public_streams` (not for guests), `apply_markdown`,
 * `client_gravatar` and client capabilities decide what it is sent. Once the queue exists, so
 * that no event after the state is missed, the state is asked side by side of the users service
 * (`realm.register`), the messages service (`messages.register_state`: subscriptions, channels,
 * default channels, max message id, drafts, topic policies, recent direct conversations, its part
 * of `realm`) and, when `push_device` is fetched, the push service; the gateway adds what it knows
 * itself. Each answers the positions of its events topic its state reflects exactly; the queue
 * then drops the events it got meanwhile from records through them, and will not queue such
 * records still to come, so none is applied twice either.
 */
export const registerWithQueue =
  (queues: EventQueues, options: RegisterOptions): AroundRequest =>
  async ({ actor, data, ask }, send) => {
    const userId = actor!.userId;
    const narrow = data.narrow as EventNarrow;
    const narrowError = eventNarrowError(narrow);
    if (narrowError) throw badRequest(narrowError);
    const allPublicStreams = data.all_public_streams === true;
    if (allPublicStreams && actor!.role === Role.GUEST) throw badRequest('User not authorized for this query');
    const queueId = await queues.create({
      userId,
      eventTypes: (data.event_types as string[] | null | undefined) ?? null,
      narrow,
      allPublicStreams,
      applyMarkdown: data.apply_markdown === true,
      clientGravatar: data.client_gravatar !== false,
      capabilities: Object.entries((data.client_capabilities as Record<string, unknown> | undefined) ?? {})
        .filter(([name, declared]) => declared === true && CAPABILITY_NAME.test(name))
        .map(([name]) => name),
      settling: true,
    });
    try {
      const wanted = (data.fetch_event_types ?? data.event_types) as string[] | null | undefined;
      const [users, ...others] = await Promise.all([
        send(),
        ask('messages', REGISTER_STATE_TYPES.messages),
        ...(!wanted || wanted.includes('push_device') ? [ask('push', REGISTER_STATE_TYPES.push)] : []),
      ]);
      await queues.settle(
        queueId,
        [users, ...others].flatMap((answer) => answer.reflects),
      );
      const own = !wanted || wanted.includes('realm') ? { event_queue_longpoll_timeout_seconds: options.longpollTimeoutSeconds } : {};
      const state = mergeStates([
        ...others.map((answer) => answer.body as Record<string, unknown>),
        users.body as Record<string, unknown>,
        own,
      ]);
      return { ...state, queue_id: queueId, last_event_id: -1 };
    } catch (error) {
      await queues.delete(queueId, userId);
      throw error;
    }
  };
