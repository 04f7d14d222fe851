import { updateSettings } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { decideUpdateSettings, type UpdateSettings } from './update-settings.decide';

export function updateSettingsHandler({ repo }: UsersDeps): CommandHandler<UpdateSettings> {
  return {
    kind: 'command',
    schema: updateSettings.params,
    async handle({ data, actorId }) {
      const { actor } = await loadActor(repo, actorId);
      return { events: decideUpdateSettings(data, actor), reply: {} };
    },
    replyFrom: () => ({}),
  };
}
