import { Controller, Inject } from '@nestjs/common';
import { removeOwnProfileData, updateOwnProfileData } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import {
  decideRemoveOwnProfileData,
  decideUpdateOwnProfileData,
  type RemoveOwnProfileData,
  type UpdateOwnProfileData,
} from './own-profile-data.decide';

@Controller()
export class OwnProfileDataHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(updateOwnProfileData)
  async update({ data, actorId }: MessageContext<UpdateOwnProfileData>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const [fields, users] = await Promise.all([repo.profileFieldsState(), repo.allUsers()]);
    const state = { actor, fields: fields.fields, users: new Map(users.map((u) => [u.userId, u])) };
    return { events: decideUpdateOwnProfileData(data, state), reply: {} };
  }

  @CommandPattern(removeOwnProfileData)
  async remove({ data, actorId }: MessageContext<RemoveOwnProfileData>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    return { events: decideRemoveOwnProfileData(data, { actor, fields: (await repo.profileFieldsState()).fields }), reply: {} };
  }
}
