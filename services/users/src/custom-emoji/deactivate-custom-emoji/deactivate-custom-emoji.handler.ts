import { Controller, Inject } from '@nestjs/common';
import { deactivateCustomEmoji } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideDeactivateCustomEmoji, type DeactivateCustomEmoji } from './deactivate-custom-emoji.decide';

@Controller()
export class DeactivateCustomEmojiHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(deactivateCustomEmoji)
  async deactivate({ data, actorId }: MessageContext<DeactivateCustomEmoji>): Promise<Decision> {
    const { repo } = this.deps;
    const [{ actor }, emoji] = await Promise.all([loadActor(repo, actorId), repo.customEmojiList()]);
    return { events: decideDeactivateCustomEmoji(data, { actor, emoji }), reply: {} };
  }
}
