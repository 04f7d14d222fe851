import type { OperationData, PlaygroundRemovedV1, removeCodePlayground } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { PLAYGROUNDS_AGGREGATE, type PlaygroundsState } from '../playgrounds.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type RemoveCodePlayground = OperationData<typeof removeCodePlayground>;

/** Zulip's `delete_realm_playground`: an id the organization does not have is `Invalid playground`. */
export function decideRemovePlayground(
  cmd: RemoveCodePlayground,
  state: { actor: UserState; playgrounds: PlaygroundsState },
): UsersNewEvent[] {
  requireAdmin(state.actor);
  if (!state.playgrounds.playgrounds.some((p) => p.id === cmd.playground_id)) throw badRequest('Invalid playground');
  const event: PlaygroundRemovedV1 = { type: 'playground.removed.v1', data: { playgroundId: cmd.playground_id } };
  return [{ ...event, aggregateId: PLAYGROUNDS_AGGREGATE, sequence: state.playgrounds.version + 1 }];
}
