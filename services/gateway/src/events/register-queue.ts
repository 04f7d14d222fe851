import { REGISTER_STATE_TYPES, Role } from '@zulip-es/contracts';
import { badRequest, checkEventNarrow, type EventNarrow, type EventQueues } from '@zulip-es/platform';
import type { AroundRequest } from '../dispatch/dispatcher';

/** Client capability names as Zulip spells them: only those are spliced into the queue's list. */
const CAPABILITY_NAME = /^[a-z_]+$/;

/**
 * POST /register: the caller's event queue and the state it keeps current. Its `event_types`
 * (null: all), `narrow`, `all_public_streams` (not for guests), `apply_markdown`,
 * `client_gravatar` and client capabilities decide what it is sent. Once the queue exists, so
 * that no event after the state is missed, the state is asked side by side of the users service
 * (`realm.register`), the messages service (`messages.register_state`: subscriptions, channels,
 * default channels, max message id, drafts, topic policies) and, when `push_device` is fetched,
 * the push service. Each answers the positions of its events topic its
 * state reflects exactly; the queue then drops the events it got meanwhile from records through
 * them, and will not queue such records still to come, so none is applied twice either.
 */
export const registerWithQueue =
  (queues: EventQueues): AroundRequest =>
  async ({ actor, data, ask }, send) => {
    const userId = actor!.userId;
    const narrow = data.narrow as EventNarrow;
    checkEventNarrow(narrow);
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
      await queues.settle(queueId, [users, ...others].flatMap((answer) => answer.reflects));
      return { ...Object.assign({}, ...others.map((answer) => answer.body)), ...users.body, queue_id: queueId, last_event_id: -1 };
    } catch (error) {
      await queues.delete(queueId, userId);
      throw error;
    }
  };
