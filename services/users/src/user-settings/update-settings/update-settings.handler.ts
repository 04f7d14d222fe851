import { Controller, Inject } from '@nestjs/common';
import { updateSettings } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { decideUpdateSettings, type UpdateSettings } from './update-settings.decide';

@Controller()
export class UpdateSettingsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateSettings)
  async update({ data, actorId }: MessageContext<UpdateSettings>): Promise<Decision> {
    const { actor } = await loadActor(this.deps.repo, actorId);
    return { events: decideUpdateSettings(data, actor), reply: {} };
  }
}
