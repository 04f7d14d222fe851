import type { LinkifierRemovedV1, OperationData, removeLinkifier } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { accessLinkifier } from '../linkifier-rules';
import { LINKIFIERS_AGGREGATE, type LinkifiersState } from '../linkifiers.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type RemoveLinkifier = OperationData<typeof removeLinkifier>;

export function decideRemoveLinkifier(cmd: RemoveLinkifier, state: { actor: UserState; linkifiers: LinkifiersState }): UsersNewEvent[] {
  requireAdmin(state.actor);
  const { id } = accessLinkifier(state.linkifiers, cmd.filter_id);
  const event: LinkifierRemovedV1 = { type: 'linkifier.removed.v1', data: { linkifierId: id } };
  return [{ ...event, aggregateId: LINKIFIERS_AGGREGATE, sequence: state.linkifiers.version + 1 }];
}
