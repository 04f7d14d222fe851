import { updateRealmUserSettingsDefaults } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideUpdateRealmUserSettingsDefaults, type UpdateRealmUserSettingsDefaults } from './update-realm-user-settings-defaults.decide';

export function updateRealmUserSettingsDefaultsHandler({ repo }: UsersDeps): CommandHandler<UpdateRealmUserSettingsDefaults> {
  return {
    kind: 'command',
    schema: updateRealmUserSettingsDefaults.params,
    async handle({ data, actorId }) {
      const state = await loadActor(repo, actorId);
      return { events: decideUpdateRealmUserSettingsDefaults(data, state), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
