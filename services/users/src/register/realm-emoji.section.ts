import type { RegisterSection } from './register-section';

/**
 * Fetch type `realm_emoji`: the organization's custom emoji by id. Nobody can add one on this
 * server (`realm_can_add_custom_emoji_group` is "nobody"), so there are none.
 */
export const realmEmojiSection: RegisterSection = {
  fetchType: 'realm_emoji',
  async state() {
    return { realm_emoji: {} };
  },
};
