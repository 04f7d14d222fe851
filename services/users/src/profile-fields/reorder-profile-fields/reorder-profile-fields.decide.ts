import type { OperationData, reorderCustomProfileFields } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import type { UserState } from '../../domain/user.state';
import { requireAdmin } from '../../shared/user-rules';
import { PROFILE_FIELDS_AGGREGATE, type ProfileFieldsState } from '../profile-fields.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type ReorderProfileFields = OperationData<typeof reorderCustomProfileFields>;

/**
 * Zulip's `try_reorder_realm_custom_profile_fields`: every field must be listed (unknown ids are
 * ignored); each field's order becomes its position in the list.
 */
export function decideReorderProfileFields(
  cmd: ReorderProfileFields,
  state: { actor: UserState; fields: ProfileFieldsState },
): UsersNewEvent[] {
  requireAdmin(state.actor);
  const position = new Map(cmd.order.map((id, index) => [id, index]));
  const { fields } = state.fields;
  if (fields.some((f) => !position.has(f.id))) throw badRequest('Invalid order mapping.');
  if (fields.every((f) => position.get(f.id) === f.order)) return [];
  return [
    {
      type: 'custom_profile_fields.reordered.v1',
      aggregateId: PROFILE_FIELDS_AGGREGATE,
      sequence: state.fields.version + 1,
      data: { order: cmd.order },
    },
  ];
}
