import { updateOwnStatus, updateUserStatus } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { customEmojiById } from '@zulip-es/zulip-emoji';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideOwnStatus, decideUserStatus, type UpdateOwnStatus, type UpdateUserStatus } from './update-user-status.decide';

export function updateOwnStatusHandler({ repo }: UsersDeps): CommandHandler<UpdateOwnStatus> {
  return {
    kind: 'command',
    schema: updateOwnStatus.params,
    async handle({ data, actorId }) {
      const [{ actor }, emoji] = await Promise.all([loadActor(repo, actorId), repo.customEmojiList()]);
      const state = { actor, target: actor, current: await repo.userStatus(actor.userId), customEmoji: customEmojiById(emoji.emoji) };
      return { events: decideOwnStatus(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}

export function updateUserStatusHandler({ repo }: UsersDeps): CommandHandler<UpdateUserStatus> {
  return {
    kind: 'command',
    schema: updateUserStatus.params,
    async handle({ data, actorId }) {
      const [{ actor }, target, current, emoji] = await Promise.all([
        loadActor(repo, actorId),
        repo.user(data.user_id),
        repo.userStatus(data.user_id),
        repo.customEmojiList(),
      ]);
      return { events: decideUserStatus(data, { actor, target, current, customEmoji: customEmojiById(emoji.emoji) }), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
