import type { Delivery } from '@zulip-es/event-queues';
import type { Directory } from '../directory/directory';
import type { ClientEventsOf } from './client-event';

/** Zulip's `invites_changed`: to the administrators and the invitation's sender, who refetch `GET /invites`. */
const invitesChanged = (directory: Directory, senderId: number | undefined): Delivery[] => [
  {
    userIds: [
      ...new Set([...directory.administratorIds(), ...(senderId !== undefined && directory.user(senderId)?.isActive ? [senderId] : [])]),
    ],
    event: { type: 'invites_changed' },
  },
];

export const invitationCreated: ClientEventsOf<'invitation.created.v1'> = ({ data }, directory) =>
  invitesChanged(directory, data.invitedByUserId);
export const invitationResent: ClientEventsOf<'invitation.resent.v1'> = ({ data }, directory) =>
  invitesChanged(directory, directory.invitationSender(data.inviteId));
export const invitationRevoked: ClientEventsOf<'invitation.revoked.v1'> = ({ data }, directory) =>
  invitesChanged(directory, directory.invitationSender(data.inviteId));
/** An invitation asked for through a link was sent by nobody: Zulip tells no one of its acceptance (`referred_by` is None). */
export const invitationAccepted: ClientEventsOf<'invitation.accepted.v1'> = ({ data }, directory) =>
  data.linkId === undefined ? invitesChanged(directory, data.referrerId) : [];
export const invitationLinkCreated: ClientEventsOf<'invitation_link.created.v1'> = ({ data }, directory) =>
  invitesChanged(directory, data.invitedByUserId);
export const invitationLinkRevoked: ClientEventsOf<'invitation_link.revoked.v1'> = ({ data }, directory) =>
  invitesChanged(directory, directory.invitationLinkCreator(data.linkId));
