import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { CUSTOM_EMOJI_AGGREGATE, evolveCustomEmoji, noCustomEmoji, type CustomEmojiEvent } from './custom-emoji.state';

const CUSTOM_EMOJI_EVENTS: readonly CustomEmojiEvent['type'][] = ['custom_emoji.added.v1', 'custom_emoji.deactivated.v1'];

/** The organization's custom emoji, one document. */
export const customEmojiProjector = (repo: UsersRepository): Projector => ({
  types: CUSTOM_EMOJI_EVENTS,
  async apply(event, envelope) {
    await applyToDocument(repo.customEmoji, CUSTOM_EMOJI_AGGREGATE, envelope.sequence, (current) =>
      evolveCustomEmoji(current ?? noCustomEmoji(), event as CustomEmojiEvent, envelope.sequence),
    );
  },
});
