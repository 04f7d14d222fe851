import type { AlertWordsChangedV1 } from '@zulip-es/contracts';
import type { MessagesRepository } from '../projection/messages.repository';
import { applyToDocument, type Projector } from '../projection/projector';
import { alertWordsId, evolveAlertWords, noAlertWords } from './alert-words.state';

/** Each user's alert words, one document per user (bounded by MAX_ALERT_WORDS_PER_USER). */
export const alertWordsProjector = (repo: MessagesRepository): Projector => ({
  types: ['alert_words.changed.v1'],
  async apply(event, envelope) {
    const changed = event as AlertWordsChangedV1;
    const { userId } = changed.data;
    await applyToDocument(repo.alertWords, alertWordsId(userId), envelope.sequence, (current) =>
      evolveAlertWords(current ?? noAlertWords(userId), changed, envelope.sequence),
    );
  },
});
