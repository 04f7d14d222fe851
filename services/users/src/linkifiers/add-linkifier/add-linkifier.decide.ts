import type { addLinkifier, LinkifierAddedV1, OperationData } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { validateLinkifier } from '../linkifier-validation';
import { LINKIFIERS_AGGREGATE, type LinkifiersState } from '../linkifiers.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type AddLinkifier = OperationData<typeof addLinkifier>;

/** A valid linkifier goes to the end of the list with the next id. */
export function decideAddLinkifier(
  cmd: AddLinkifier,
  state: { actor: UserState; linkifiers: LinkifiersState },
): UsersNewEvent<'linkifier.added.v1'>[] {
  requireAdmin(state.actor);
  const { pattern, urlTemplate } = validateLinkifier(cmd.pattern, cmd.url_template, state.linkifiers.linkifiers);
  const event: LinkifierAddedV1 = {
    type: 'linkifier.added.v1',
    data: { linkifierId: state.linkifiers.lastLinkifierId + 1, pattern, urlTemplate },
  };
  return [{ ...event, aggregateId: LINKIFIERS_AGGREGATE, sequence: state.linkifiers.version + 1 }];
}
