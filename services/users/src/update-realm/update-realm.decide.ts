import {
  REALM_GROUP_SETTINGS,
  Role,
  type GroupSettingEventValue,
  type OperationData,
  type RealmSettingChangedV1,
  type updateRealm,
} from '@zulip-es/contracts';
import { badRequest, ownerRequired } from '@zulip-es/platform';
import {
  MESSAGE_EDIT_HISTORY_VISIBILITY_POLICIES,
  REALM_AGGREGATE,
  REALM_SCALAR_SETTINGS,
  type MessageEditHistoryVisibilityPolicy,
} from '../domain/realm.state';
import { requireAdmin } from '../shared/user-rules';
import { checkSettingValue, currentSettingValue, staleOldValue } from '../user-groups/group-rules';
import { groupsContext, type GroupsState } from '../user-groups/groups-context';
import { parseGroupSettingValue, REALM_GROUP_SETTING_CONFIG, settingValueChanges } from '@zulip-es/zulip-rules';
import { OWNER_ONLY_REALM_SETTINGS } from '../user-groups/permission-settings';
import type { UsersNewEvent } from '../shared/users-new-event';

export type UpdateRealm = OperationData<typeof updateRealm>;
type Change = RealmSettingChangedV1['data'];

const TIME_LIMITS = [
  'message_content_edit_limit_seconds',
  'move_messages_within_stream_limit_seconds',
  'move_messages_between_streams_limit_seconds',
] as const;

/** Zulip's `parse_message_time_limit_setting`: positive seconds, or "unlimited" (null). */
function parseTimeLimit(name: string, value: number | string): number | null {
  if (value === 'unlimited') return null;
  if (typeof value === 'string' || value <= 0) throw badRequest(`Bad value for '${name}': ${value}`);
  return value;
}

/** Zulip's `parse_enum_from_string_value` for `message_edit_history_visibility_policy`. */
function parseEditHistoryPolicy(value: string | undefined): string | undefined {
  if (value !== undefined && !(MESSAGE_EDIT_HISTORY_VISIBILITY_POLICIES as readonly string[]).includes(value)) {
    throw badRequest('Invalid message_edit_history_visibility_policy');
  }
  return value;
}

/** What PATCH /realm needs to know of channels (the messages service owns them). */
export interface KnownChannels {
  channel(channelId: number): unknown;
}

/** Zulip's `moderation_request_channel_id`: a channel the administrator can see, or a negative id to turn reports off. */
function parseModerationChannel(value: number | undefined, channels: KnownChannels): number | undefined {
  if (value === undefined || value < 0) return value === undefined ? undefined : -1;
  if (channels.channel(value) === undefined) throw badRequest('Invalid channel ID');
  return value;
}

/**
 * PATCH /realm: every sent setting is validated before anything changes; each setting whose value
 * differs becomes one `realm.setting_changed.v1`.
 */
export function decideUpdateRealm(cmd: UpdateRealm, state: GroupsState, channels: KnownChannels): UsersNewEvent[] {
  const ctx = groupsContext(state);
  const { realm, actor } = ctx;
  requireAdmin(actor);
  const sent = (name: string) => cmd[name as keyof UpdateRealm] !== undefined;
  if ([...OWNER_ONLY_REALM_SETTINGS].some(sent) && actor.role !== Role.OWNER) throw ownerRequired();

  const changes: Change[] = [];
  const limits = Object.fromEntries(TIME_LIMITS.filter(sent).map((name) => [name, parseTimeLimit(name, cmd[name]!)]));
  if (cmd.name !== undefined && cmd.name !== realm.name) changes.push({ property: 'name', value: cmd.name });
  const scalar: Record<keyof typeof REALM_SCALAR_SETTINGS, unknown> = {
    allow_message_editing: cmd.allow_message_editing,
    message_content_edit_limit_seconds: limits.message_content_edit_limit_seconds,
    move_messages_within_stream_limit_seconds: limits.move_messages_within_stream_limit_seconds,
    move_messages_between_streams_limit_seconds: limits.move_messages_between_streams_limit_seconds,
    message_edit_history_visibility_policy: parseEditHistoryPolicy(cmd.message_edit_history_visibility_policy),
    description: cmd.description,
    inline_image_preview: cmd.inline_image_preview,
    enable_read_receipts: cmd.enable_read_receipts,
    moderation_request_channel_id: parseModerationChannel(cmd.moderation_request_channel_id, channels),
  };
  for (const [property, value] of Object.entries(scalar) as [
    keyof typeof REALM_SCALAR_SETTINGS,
    boolean | number | string | null | undefined,
  ][]) {
    if (value !== undefined && value !== realm.settings[REALM_SCALAR_SETTINGS[property]]) changes.push({ property, value });
  }
  for (const name of REALM_GROUP_SETTINGS) {
    const change = cmd[name];
    if (change === undefined) continue;
    const next = parseGroupSettingValue(change.new);
    const expected = change.old === undefined ? undefined : parseGroupSettingValue(change.old);
    if (settingValueChanges(currentSettingValue(ctx, realm.settings.groups[name]), next, expected, staleOldValue)) {
      changes.push({ property: name, value: checkSettingValue(ctx, name, REALM_GROUP_SETTING_CONFIG[name], next) });
    }
  }
  return changes.map((data, i) => ({
    type: 'realm.setting_changed.v1',
    aggregateId: REALM_AGGREGATE,
    sequence: realm.version + i + 1,
    data,
  }));
}

/**
 * Zulip's reply lists what changed: strings as "updated", group settings in the API's form. The
 * edit history policy arrives as a name but Zulip's view has turned it into its enum by then,
 * so the reply holds the enum's number (all 1, moves 2, none 3).
 */
export function updateRealmReply(events: { data: Record<string, unknown> }[]): Record<string, unknown> {
  return Object.fromEntries(
    events.map(({ data }) => {
      const { property, value } = data as Change;
      if (property === 'message_edit_history_visibility_policy')
        return [property, MESSAGE_EDIT_HISTORY_VISIBILITY_POLICIES.indexOf(value as MessageEditHistoryVisibilityPolicy) + 1];
      if (typeof value === 'string') return [property, 'updated'];
      if (value !== null && typeof value === 'object') {
        const members = value as Exclude<GroupSettingEventValue, number>;
        return [property, { direct_members: members.directMembers, direct_subgroups: members.directSubgroups }];
      }
      return [property, value];
    }),
  );
}
