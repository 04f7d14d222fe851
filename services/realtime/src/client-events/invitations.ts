import type { Delivery } from '@zulip-es/platform';
import type { Directory } from '../directory/directory';
import type { ClientEventsOf } from './client-event';

/** Zulip's `invites_changed`: to the administrators and the invitation's sender, who refetch `GET /invites`. */
const invitesChanged = (directory: Directory, senderId: number | undefined): Delivery[] => [
  { userIds: [...new Set([...directory.administratorIds(), ...(senderId !== undefined && directory.user(senderId)?.isActive ? [senderId] : [])])], event: { type: 'invites_changed' } },
];

export const invitationCreated: ClientEventsOf<'invitation.created.v1'> = ({ data }, directory) => invitesChanged(directory, data.invitedByUserId);
export const invitationResent: ClientEventsOf<'invitation.resent.v1'> = ({ data }, directory) => invitesChanged(directory, directory.invitationSender(data.inviteId));
export const invitationRevoked: ClientEventsOf<'invitation.revoked.v1'> = ({ data }, directory) => invitesChanged(directory, directory.invitationSender(data.inviteId));
export const invitationAccepted: ClientEventsOf<'invitation.accepted.v1'> = ({ data }, directory) => invitesChanged(directory, data.referrerId);
