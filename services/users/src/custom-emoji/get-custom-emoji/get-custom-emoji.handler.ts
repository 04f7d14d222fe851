import { Controller, Inject } from '@nestjs/common';
import { getCustomEmoji, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern, type OperationContext } from '@zulip-es/platform';
import { customEmojiDict } from '@zulip-es/zulip-emoji';
import { loadCaller, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';

@Controller()
export class GetCustomEmojiHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** GET /realm/emoji: every custom emoji, deactivated ones too, for any user of the organization. */
  @QueryPattern(getCustomEmoji)
  async list({ actorId }: OperationContext<typeof getCustomEmoji>): Promise<ReplyOf<typeof getCustomEmoji>> {
    const { repo } = this.deps;
    const [{ realm }, emoji] = await Promise.all([loadCaller(repo, actorId), repo.customEmojiList()]);
    return { emoji: customEmojiDict(realm.realmId, emoji.emoji) };
  }
}
