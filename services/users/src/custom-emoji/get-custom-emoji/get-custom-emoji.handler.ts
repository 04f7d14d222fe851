import { getCustomEmoji, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { customEmojiDict } from '@zulip-es/zulip-emoji';
import { loadActor, type UsersDeps } from '../../shared/users-deps';

/** GET /realm/emoji: every custom emoji, deactivated ones too, for any user of the organization. */
export function getCustomEmojiHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getCustomEmoji>> {
  return {
    kind: 'query',
    schema: getCustomEmoji.params,
    async handle({ actorId }) {
      const [{ realm }, emoji] = await Promise.all([loadActor(repo, actorId), repo.customEmojiList()]);
      return { emoji: customEmojiDict(realm.realmId, emoji.emoji) };
    },
  };
}
