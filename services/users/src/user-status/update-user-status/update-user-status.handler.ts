import { Controller, Inject } from '@nestjs/common';
import { updateOwnStatus, updateUserStatus } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { customEmojiById } from '@zulip-es/zulip-emoji';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideOwnStatus, decideUserStatus, type UpdateOwnStatus, type UpdateUserStatus } from './update-user-status.decide';

@Controller()
export class UpdateUserStatusHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateOwnStatus)
  async updateOwn({ data, actorId }: MessageContext<UpdateOwnStatus>): Promise<Decision> {
    const { repo } = this.deps;
    const [{ actor }, emoji] = await Promise.all([loadActor(repo, actorId), repo.customEmojiList()]);
    const state = { actor, target: actor, current: await repo.userStatus(actor.userId), customEmoji: customEmojiById(emoji.emoji) };
    return { events: decideOwnStatus(data, state), reply: {} };
  }

  @CommandPattern(updateUserStatus)
  async updateUser({ data, actorId }: MessageContext<UpdateUserStatus>): Promise<Decision> {
    const { repo } = this.deps;
    const [{ actor }, target, current, emoji] = await Promise.all([
      loadActor(repo, actorId),
      repo.user(data.user_id),
      repo.userStatus(data.user_id),
      repo.customEmojiList(),
    ]);
    return { events: decideUserStatus(data, { actor, target, current, customEmoji: customEmojiById(emoji.emoji) }), reply: {} };
  }
}
