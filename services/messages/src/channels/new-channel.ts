import {
  CHANNEL_GROUP_SETTINGS,
  type ChannelGroupSetting,
  type ChannelGroupSettingsEventValue,
  type GroupSettingValue,
  type TopicsPolicy,
} from '@zulip-es/contracts';
import { badRequest, ownerRequired } from '@zulip-es/platform';
import { canSetDeleteMessagePolicy, hasRealmPermission, isAdmin, isOwner, type AccessContext } from './channel-access';
import { initialChannelSettings, type SettingLookups } from './channel-settings';
import { channelAggregateId } from './channel.state';
import type { RenderContext } from '@zulip-es/zulip-markdown';
import { renderDescription } from './render-description';
import { SystemGroupId } from '@zulip-es/zulip-rules';
import type { ReadUser } from '../users-read-model/users-read-model';
import type { ChannelFoldersState } from './folders/channel-folders.state';
import type { MessagesNewEvent } from '../shared/messages-new-event';

export const INSUFFICIENT_PERMISSION = 'Insufficient permission';

/** The settings a request asks new channels to have (`POST /users/me/subscriptions`, `POST /channels/create`). */
export interface NewChannelOptions {
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefaultStream: boolean;
  historyPublicToSubscribers: boolean | null | undefined;
  messageRetentionDays: number | null;
  topicsPolicy: TopicsPolicy;
  /** A folder of the organization (archived ones too, as Zulip allows), or null. */
  folderId: number | null;
  settings: Partial<Record<ChannelGroupSetting, GroupSettingValue>>;
}

/** The channel-creation parameters both operations share, in their request shape. */
export interface NewChannelParams {
  invite_only: boolean;
  is_web_public: boolean;
  is_default_stream: boolean;
  history_public_to_subscribers?: boolean | null;
  message_retention_days: string | number;
  topics_policy?: TopicsPolicy;
  folder_id?: number;
}

/** The group settings a request names (`can_*_group` parameters). */
export function requestedSettings(params: Partial<Record<ChannelGroupSetting, GroupSettingValue>>): NewChannelOptions['settings'] {
  return Object.fromEntries(CHANNEL_GROUP_SETTINGS.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name]]])));
}

const RETENTION_SPECIAL_VALUES: Record<string, number | null> = { realm_default: null, unlimited: -1 };

/** Zulip's `parse_message_retention_days`: `realm_default` (null), `unlimited` (-1) or a positive number of days. */
export function parseMessageRetentionDays(value: string | number): number | null {
  if (typeof value === 'string' && value in RETENTION_SPECIAL_VALUES) return RETENTION_SPECIAL_VALUES[value];
  if (typeof value === 'string' || value <= 0) throw badRequest(`Bad value for 'message_retention_days': ${value}`);
  return value;
}

/**
 * What both creating operations check before anything else (Zulip parses these per request):
 * the folder, the retention value and who may choose a topics policy.
 */
export function checkNewChannelParams(
  ctx: AccessContext,
  actor: ReadUser,
  params: NewChannelParams,
  folders: ChannelFoldersState,
): Omit<NewChannelOptions, 'settings'> {
  const folderId = params.folder_id ?? null;
  if (folderId !== null && !folders.folders.some((f) => f.folderId === folderId)) throw badRequest('Invalid channel folder ID');
  const messageRetentionDays = parseMessageRetentionDays(params.message_retention_days);
  const topicsPolicy = params.topics_policy ?? 'inherit';
  if (topicsPolicy !== 'inherit' && !hasRealmPermission(ctx, actor, 'can_set_topics_policy_group'))
    throw badRequest(INSUFFICIENT_PERMISSION);
  return {
    inviteOnly: params.invite_only,
    isWebPublic: params.is_web_public,
    isDefaultStream: params.is_default_stream,
    historyPublicToSubscribers: params.history_public_to_subscribers,
    messageRetentionDays,
    topicsPolicy,
    folderId,
  };
}

/** Zulip's `check_channel_creation_permissions`. Guests never get here (the operations refuse them). */
export function checkChannelCreationPermissions(ctx: AccessContext, actor: ReadUser, options: Omit<NewChannelOptions, 'settings'>): void {
  if (options.inviteOnly && !hasRealmPermission(ctx, actor, 'can_create_private_channel_group')) throw badRequest(INSUFFICIENT_PERMISSION);
  if (!options.inviteOnly && !hasRealmPermission(ctx, actor, 'can_create_public_channel_group')) throw badRequest(INSUFFICIENT_PERMISSION);
  if (options.isDefaultStream && !isAdmin(actor)) throw badRequest(INSUFFICIENT_PERMISSION);
  if (options.inviteOnly && options.isDefaultStream) throw badRequest('A default channel cannot be private.');
  if (options.isWebPublic) {
    // Zulip also needs the server's WEB_PUBLIC_STREAMS_ENABLED; spectator access is off here.
    if (!ctx.realm.enableSpectatorAccess) throw badRequest('Web-public channels are not enabled.');
    if (!hasRealmPermission(ctx, actor, 'can_create_web_public_channel_group')) throw badRequest(INSUFFICIENT_PERMISSION);
  }
  if (options.messageRetentionDays !== null && !isOwner(actor)) throw ownerRequired();
}

/**
 * The settings of a new channel (Zulip's `access_requested_group_permissions_for_streams`):
 * requested values checked, defaults for the rest; only users who may set the message deletion
 * policy may open deletion to anyone.
 */
export function checkRequestedSettings(
  ctx: AccessContext,
  lookups: SettingLookups,
  actor: ReadUser,
  settings: NewChannelOptions['settings'],
  options: Pick<NewChannelOptions, 'inviteOnly' | 'historyPublicToSubscribers'>,
): ChannelGroupSettingsEventValue {
  const values = initialChannelSettings(lookups, settings, actor.userId);
  for (const name of ['can_delete_any_message_group', 'can_delete_own_message_group'] as const) {
    if (settings[name] !== undefined && values[name] !== SystemGroupId.NOBODY && !canSetDeleteMessagePolicy(ctx, actor))
      throw badRequest(INSUFFICIENT_PERMISSION);
  }
  // Zulip's `validate_can_create_topic_group_setting_for_protected_history_streams`: in a channel
  // with protected history everyone must be able to start topics ("role:everyone" itself only).
  if (!historyPublicToSubscribers(options) && values.can_create_topic_group !== SystemGroupId.EVERYONE) {
    const parameters = 'history_public_to_subscribers, can_create_topic_group';
    throw badRequest(`Unsupported parameter combination: ${parameters}`, { parameters });
  }
  return values;
}

/** Public channels always share their history; private ones protect it unless asked otherwise. */
const historyPublicToSubscribers = (options: Pick<NewChannelOptions, 'inviteOnly' | 'historyPublicToSubscribers'>): boolean =>
  options.inviteOnly ? (options.historyPublicToSubscribers ?? false) : true;

/** The `channel.created.v1` of a new channel. */
export function channelCreated(args: {
  channelId: number;
  name: string;
  description: string;
  creatorId: number;
  now: Date;
  options: Omit<NewChannelOptions, 'settings'>;
  settings: ChannelGroupSettingsEventValue;
  /** The organization the description renders with (null: none). */
  render: RenderContext | null;
}): MessagesNewEvent {
  const { channelId, name, description, creatorId, now, options, settings, render } = args;
  return {
    type: 'channel.created.v1',
    aggregateId: channelAggregateId(channelId),
    sequence: 1,
    data: {
      channelId,
      name,
      description,
      renderedDescription: renderDescription(description, render),
      creatorId,
      dateCreated: now.toISOString(),
      inviteOnly: options.inviteOnly,
      isWebPublic: options.isWebPublic,
      historyPublicToSubscribers: historyPublicToSubscribers(options),
      messageRetentionDays: options.messageRetentionDays,
      topicsPolicy: options.topicsPolicy,
      folderId: options.folderId,
      settings,
    },
  };
}
