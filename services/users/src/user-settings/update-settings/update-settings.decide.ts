import type { OperationData, updateSettings } from '@zulip-es/contracts';
import { badRequest } from '@zulip-es/platform';
import { userAggregateId, type UserState } from '../../domain/user.state';
import { changedSettings } from '../changed-settings';
import { checkUserSettings } from '../check-user-settings';
import { userSettings } from '../user-setting';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type UpdateSettings = OperationData<typeof updateSettings>;

/** PATCH /settings validates every string choice with `check_string_in_validator`. */
const NO_LITERAL_STRINGS = new Set<never>();

/** The caller's own settings: one event per setting whose value actually changes. */
export function decideUpdateSettings(cmd: UpdateSettings, actor: UserState): UsersNewEvent[] {
  if (actor.isBot) throw badRequest('This endpoint does not accept bot requests.');
  checkUserSettings(cmd, { literalStrings: NO_LITERAL_STRINGS });
  return changedSettings(userSettings(actor), cmd).map((change, i) => ({
    type: 'user.settings_changed.v1',
    aggregateId: userAggregateId(actor.userId),
    sequence: actor.version + i + 1,
    data: { userId: actor.userId, ...change },
  }));
}
