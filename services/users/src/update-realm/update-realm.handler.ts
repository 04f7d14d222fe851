import { updateRealm } from '@zulip-es/contracts';
import type { CommandHandler } from '@zulip-es/platform';
import type { UsersDeps } from '../shared/users-deps';
import { loadGroupsState } from '../user-groups/load-groups-state';
import { decideUpdateRealm, updateRealmReply, type UpdateRealm } from './update-realm.decide';

export function updateRealmHandler({ repo, channels }: UsersDeps): CommandHandler<UpdateRealm> {
  return {
    kind: 'command',
    schema: updateRealm.params,
    async handle({ data, actorId }) {
      const events = decideUpdateRealm(data, await loadGroupsState(repo, actorId), channels);
      return { events, reply: updateRealmReply(events) };
    },
    replyFrom: updateRealmReply,
  };
}
