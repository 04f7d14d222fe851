import { Role, type OperationData, type deactivateCustomEmoji } from '@zulip-es/contracts';
import { DomainError, badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { activeNamed, CUSTOM_EMOJI_AGGREGATE, type CustomEmojiState } from '../custom-emoji.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type DeactivateCustomEmoji = OperationData<typeof deactivateCustomEmoji>;

/**
 * Zulip's `delete_emoji`: the active emoji of that name (404 when there is none), by its author
 * or an administrator. It is only deactivated: listed still, kept by existing reactions.
 */
export function decideDeactivateCustomEmoji(
  cmd: DeactivateCustomEmoji,
  state: { actor: UserState; emoji: CustomEmojiState },
): UsersNewEvent[] {
  const emoji = activeNamed(state.emoji, cmd.emoji_name);
  if (!emoji) throw new DomainError('BAD_REQUEST', `Emoji '${cmd.emoji_name}' does not exist`, {}, 404);
  if (state.actor.role > Role.ADMINISTRATOR && emoji.authorId !== state.actor.userId)
    throw badRequest('Must be an organization administrator or emoji author');
  return [
    {
      type: 'custom_emoji.deactivated.v1',
      aggregateId: CUSTOM_EMOJI_AGGREGATE,
      sequence: state.emoji.version + 1,
      data: { emojiId: emoji.emojiId, name: emoji.name },
    },
  ];
}
