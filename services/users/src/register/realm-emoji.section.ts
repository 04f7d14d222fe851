import { customEmojiDict } from '@zulip-es/zulip-emoji';
import type { RegisterSection } from './register-section';

/** Fetch type `realm_emoji`: the organization's custom emoji by id, deactivated ones too. */
export const realmEmojiSection: RegisterSection = {
  fetchType: 'realm_emoji',
  async state({ repo }) {
    const [realm, emoji] = await Promise.all([repo.realm(), repo.customEmojiList()]);
    return { realm_emoji: realm ? customEmojiDict(realm.realmId, emoji.emoji) : {} };
  },
};
