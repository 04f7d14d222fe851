import type { LinkifierChangedV1, OperationData, updateLinkifier } from '@zulip-es/contracts';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { accessLinkifier } from '../linkifier-rules';
import { validateLinkifier } from '../linkifier-validation';
import { LINKIFIERS_AGGREGATE, type LinkifiersState } from '../linkifiers.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateLinkifier = OperationData<typeof updateLinkifier>;

/** E13: both fields are replaced and validated as on creation; the linkifier keeps its place. */
export function decideUpdateLinkifier(cmd: UpdateLinkifier, state: { actor: UserState; linkifiers: LinkifiersState }): UsersNewEvent[] {
  requireAdmin(state.actor);
  const current = accessLinkifier(state.linkifiers, cmd.filter_id);
  const others = state.linkifiers.linkifiers.filter((l) => l.id !== current.id);
  const { pattern, urlTemplate } = validateLinkifier(cmd.pattern, cmd.url_template, others);
  if (pattern === current.pattern && urlTemplate === current.urlTemplate) return [];
  const event: LinkifierChangedV1 = { type: 'linkifier.changed.v1', data: { linkifierId: current.id, pattern, urlTemplate } };
  return [{ ...event, aggregateId: LINKIFIERS_AGGREGATE, sequence: state.linkifiers.version + 1 }];
}
