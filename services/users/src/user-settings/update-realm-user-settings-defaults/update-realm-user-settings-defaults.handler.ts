import { Controller, Inject } from '@nestjs/common';
import { updateRealmUserSettingsDefaults } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideUpdateRealmUserSettingsDefaults, type UpdateRealmUserSettingsDefaults } from './update-realm-user-settings-defaults.decide';

@Controller()
export class UpdateRealmUserSettingsDefaultsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateRealmUserSettingsDefaults)
  async update({ data, actorId }: MessageContext<UpdateRealmUserSettingsDefaults>): Promise<Decision> {
    const state = await loadActor(this.deps.repo, actorId);
    return { events: decideUpdateRealmUserSettingsDefaults(data, state), reply: {} };
  }
}
