import { CLEAR_DRAFTS, UserSettingsChangedV1, type ClearDrafts } from '@zulip-es/contracts';
import type { EventRelayOptions } from '@zulip-es/platform';

/**
 * `user.settings_changed.v1` turning `enable_drafts_synchronization` off → the command that deletes
 * the user's drafts, keyed like the user's own draft commands (`user:<id>`) so that it is decided
 * in turn with them; its id comes from the user and the event's sequence.
 */
export const draftsSyncRelay: EventRelayOptions = {
  groupId: 'messages-drafts-sync',
  from: 'users',
  to: 'messages',
  eventTypes: ['user.settings_changed.v1'],
  toCommand: (envelope) => {
    const { data: changed } = UserSettingsChangedV1.parse({ type: envelope.type, data: envelope.data });
    if (changed.property !== 'enable_drafts_synchronization' || changed.value !== false) return null;
    const data: ClearDrafts = { userId: changed.userId, userSequence: envelope.sequence };
    return { commandId: `drafts.sync_disabled:${data.userId}:${data.userSequence}`, type: CLEAR_DRAFTS, key: `user:${data.userId}`, data };
  },
};
