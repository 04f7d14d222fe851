import { deactivateCustomEmoji } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideDeactivateCustomEmoji, type DeactivateCustomEmoji } from './deactivate-custom-emoji.decide';

export function deactivateCustomEmojiHandler({ repo }: UsersDeps): CommandHandler<DeactivateCustomEmoji> {
  return {
    kind: 'command',
    schema: deactivateCustomEmoji.params,
    async handle({ data, actorId }) {
      const [{ actor }, emoji] = await Promise.all([loadActor(repo, actorId), repo.customEmojiList()]);
      return { events: decideDeactivateCustomEmoji(data, { actor, emoji }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
