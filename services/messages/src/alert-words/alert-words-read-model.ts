import { AlertWordsChangedV1, eventsTopic, type EventEnvelope } from '@zulip-es/contracts';
import { AlertWordIndex } from '@zulip-es/message-flags';
import type { ReadModel } from '@zulip-es/platform';

/**
 * Every user's alert words, in memory, from this service's own events: a message is matched
 * against its recipients' alert words when it is sent, and reading each recipient's document
 * then would cost a store read per subscriber. Followed as a read model, so every instance of
 * the service knows every user's words, whoever decided them.
 */
export class AlertWordsReadModel implements ReadModel {
  readonly name = 'alert-words';
  readonly topics = [eventsTopic('messages')];
  readonly eventTypes: ReadonlySet<string> = new Set(['alert_words.changed.v1']);
  readonly index = new AlertWordIndex();

  apply(envelope: EventEnvelope): void {
    const parsed = AlertWordsChangedV1.safeParse({ type: envelope.type, data: envelope.data });
    if (!parsed.success) return;
    const { userId, alertWords } = parsed.data.data;
    this.index.set(userId, alertWords);
  }
}
