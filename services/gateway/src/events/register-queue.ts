import type { EventQueues } from '@zulip-es/platform';
import type { AroundRequest } from '../dispatch/dispatcher';

/**
 * POST /register: the caller's event queue, created before the state is read, so no event after
 * the state is missed. Its `event_types` (null: all) decide what it is sent.
 */
export const registerWithQueue =
  (queues: EventQueues): AroundRequest =>
  async ({ actor, data }, send) => {
    const userId = actor!.userId;
    const queueId = await queues.create({
      userId,
      eventTypes: (data.event_types as string[] | null | undefined) ?? null,
      applyMarkdown: data.apply_markdown === true,
      clientGravatar: data.client_gravatar !== false,
      capabilities: Object.entries((data.client_capabilities as Record<string, unknown> | undefined) ?? {})
        // A name is spliced into the queue's list: only Zulip's form of one is kept.
        .filter(([name, declared]) => declared === true && /^[a-z_]+$/.test(name))
        .map(([name]) => name),
    });
    try {
      return { ...(await send()), queue_id: queueId, last_event_id: -1 };
    } catch (error) {
      await queues.delete(queueId, userId);
      throw error;
    }
  };
