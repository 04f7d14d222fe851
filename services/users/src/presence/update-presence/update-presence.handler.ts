import { Controller, Inject } from '@nestjs/common';
import { updatePresence } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext, type NewEvent } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { presenceEnabled } from '../presence-enabled';
import { afterPing, type PresenceEntry } from '../presence.rules';
import { readPresences } from '../read-presences';
import { decidePing, presenceChanged, type UpdatePresence } from './update-presence.decide';

@Controller()
export class UpdatePresenceHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /**
   * POST /users/me/presence. A ping that changes nothing Zulip announces is written to Redis here
   * and leaves no trace in Kafka or Mongo (the handler is `unrecorded`); an announced change
   * becomes `presence.changed.v1`, whose projector writes Redis once the event is durable.
   * Unrecorded, a redelivered ping runs again: its empty `replyFrom` serves only a crash inside the append.
   */
  @CommandPattern(updatePresence, { unrecorded: true })
  async ping({ data, actorId, now }: MessageContext<UpdatePresence>): Promise<Decision> {
    const { repo, presence } = this.deps;
    const { realm, actor } = await loadActor(repo, actorId);
    const seconds = Math.floor(now.getTime() / 1000);
    const previous = await presence.get(actor.userId);
    const decision = decidePing(data, { actor, presenceEnabled: presenceEnabled(actor), previous, now: seconds });
    const events: NewEvent[] = [];
    let ownPing: PresenceEntry | undefined;
    if (decision.record && decision.announced) {
      const version = (await repo.presenceTransition(actor.userId))?.version ?? 0;
      events.push(presenceChanged(actor.userId, decision.status, seconds, version));
      ownPing = afterPing(previous, actor.userId, decision.status, seconds);
    } else if (decision.record) {
      await presence.record(actor.userId, decision.status, seconds);
    }
    if (data.ping_only) return { events, reply: { presence_last_update_id: data.last_update_id ?? -1 } };
    // Zulip answers in the modern format whenever the client speaks the last_update_id protocol.
    const format = data.last_update_id !== undefined || data.slim_presence ? 'modern' : 'legacy';
    const reply = await readPresences(this.deps, realm, actor, now, {
      format,
      lastUpdateId: data.last_update_id,
      historyLimitDays: data.history_limit_days,
      ownPing,
    });
    return { events, reply };
  }
}
