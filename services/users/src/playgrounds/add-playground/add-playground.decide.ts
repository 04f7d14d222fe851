import { MAX_PLAYGROUNDS, type addCodePlayground, type OperationData, type PlaygroundAddedV1 } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { validatePlayground } from '../playground-validation';
import { PLAYGROUNDS_AGGREGATE, type PlaygroundsState } from '../playgrounds.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type AddCodePlayground = OperationData<typeof addCodePlayground>;

/** Zulip's `do_add_realm_playground`: a valid playground gets the next id. */
export function decideAddPlayground(
  cmd: AddCodePlayground,
  state: { actor: UserState; playgrounds: PlaygroundsState },
): UsersNewEvent<'playground.added.v1'>[] {
  requireAdmin(state.actor);
  const playground = validatePlayground(cmd, state.playgrounds.playgrounds);
  if (state.playgrounds.playgrounds.length >= MAX_PLAYGROUNDS)
    throw badRequest(`An organization can have at most ${MAX_PLAYGROUNDS} code playgrounds.`);
  const event: PlaygroundAddedV1 = {
    type: 'playground.added.v1',
    data: { playgroundId: state.playgrounds.lastPlaygroundId + 1, ...playground },
  };
  return [{ ...event, aggregateId: PLAYGROUNDS_AGGREGATE, sequence: state.playgrounds.version + 1 }];
}
