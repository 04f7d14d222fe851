import { REALM_EMPTY_TOPIC_DISPLAY_NAME, type TopicsPolicy } from '@zulip-es/contracts';

/**
 * The Notification Bot's notices of channel changes, in the channel's "channel events" topic
 * (Zulip's `maybe_send_channel_events_notice` and the texts of `zerver/actions/streams.py`).
 * `actor` is the changer's silent mention.
 */

/** Zulip's `STREAM_EVENTS_NOTIFICATION_TOPIC_NAME`, or the empty topic in a channel that allows only it. */
export const channelEventsTopic = (topicsPolicy: TopicsPolicy): string => (topicsPolicy === 'empty_topic_only' ? '' : 'channel events');

export const renamedNotice = (actor: string, oldName: string, newName: string): string =>
  `${actor} renamed channel **${oldName}** to **${newName}**.`;

export function descriptionNotice(actor: string, oldDescription: string, newDescription: string): string {
  const shown = (d: string) => (d === '' ? '*No description.*' : d);
  return `${actor} changed the description for this channel.\n\n* **Old description:**\n\`\`\`\` quote\n${shown(oldDescription)}\n\`\`\`\`\n* **New description:**\n\`\`\`\` quote\n${shown(newDescription)}\n\`\`\`\``;
}

/** Zulip's `Stream.PERMISSION_POLICIES` names. */
export function permissionPolicyName(p: { inviteOnly: boolean; historyPublicToSubscribers: boolean; isWebPublic: boolean }): string {
  if (p.isWebPublic) return 'Web-public';
  if (!p.inviteOnly) return 'Public';
  return p.historyPublicToSubscribers ? 'Private, shared history' : 'Private, protected history';
}

export const permissionNotice = (actor: string, oldPolicy: string, newPolicy: string): string =>
  `${actor} changed the [access permissions](/help/channel-permissions) for this channel from **${oldPolicy}** to **${newPolicy}**.`;

/** `realmDays`: the organization's retention (-1: forever), which a channel following it (null) has. */
export function retentionNotice(actor: string, oldValue: number | null, newValue: number | null, realmDays: number): string {
  const before = oldValue ?? realmDays;
  const after = newValue ?? realmDays;
  const days = (n: number) => `${n} days`;
  let oldPeriod: string, newPeriod: string, summary: string;
  if (before === -1) {
    [oldPeriod, newPeriod, summary] = [
      'Forever',
      days(after),
      `Messages in this channel will now be automatically deleted ${after} days after they are sent.`,
    ];
  } else if (after === -1) {
    [oldPeriod, newPeriod, summary] = [days(before), 'Forever', 'Messages in this channel will now be retained forever.'];
  } else {
    [oldPeriod, newPeriod, summary] = [
      days(before),
      days(after),
      `Messages in this channel will now be automatically deleted ${after} days after they are sent.`,
    ];
  }
  return `${actor} has changed the [message retention period](/help/message-retention-policy) for this channel:\n* **Old retention period**: ${oldPeriod}\n* **New retention period**: ${newPeriod}\n\n${summary}`;
}

const TOPICS_POLICY_NAMES: Record<TopicsPolicy, string> = {
  inherit: 'Automatic',
  allow_empty_topic: `*${REALM_EMPTY_TOPIC_DISPLAY_NAME}* topic allowed`,
  disable_empty_topic: `No *${REALM_EMPTY_TOPIC_DISPLAY_NAME}* topic`,
  empty_topic_only: `Only *${REALM_EMPTY_TOPIC_DISPLAY_NAME}* topic allowed`,
};

export const topicsPolicyNotice = (actor: string, oldPolicy: TopicsPolicy, newPolicy: TopicsPolicy): string =>
  `${actor} changed the "Allow posting to the *general chat* topic?" setting from **${TOPICS_POLICY_NAMES[oldPolicy]}** to **${TOPICS_POLICY_NAMES[newPolicy]}**.`;

/** `oldHolders` and `newHolders`: Zulip's `get_users_string_with_permission` of each value. */
export const postingPermissionNotice = (actor: string, oldHolders: string, newHolders: string): string =>
  `${actor} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n* **Old**: ${oldHolders}\n* **New**: ${newHolders}\n`;

export const archivedNotice = (name: string): string => `Channel #**${name}** has been archived.`;
export const unarchivedNotice = (name: string): string => `Channel #**${name}** has been unarchived.`;
