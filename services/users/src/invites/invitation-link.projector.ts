import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveInvitationLink, invitationLinkAggregateId, type InvitationLinkEvent } from './invitation-link.state';

const INVITATION_LINK_EVENTS: readonly InvitationLinkEvent['type'][] = ['invitation_link.created.v1', 'invitation_link.revoked.v1'];

/** Links by id, plus two idempotent side indexes: key hash → link, and the last link id. */
export const invitationLinkProjector = (repo: UsersRepository): Projector => ({
  types: INVITATION_LINK_EVENTS,
  async apply(event, envelope) {
    const linkEvent = event as InvitationLinkEvent;
    const { linkId } = linkEvent.data;
    await applyToDocument(repo.invitationLinks, invitationLinkAggregateId(linkId), envelope.sequence, (current) =>
      evolveInvitationLink(current, linkEvent, envelope.sequence),
    );
    if (linkEvent.type !== 'invitation_link.created.v1') return;
    await repo.invitationLinkKeys.replaceOne({ _id: linkEvent.data.keyHash }, { linkId }, { upsert: true });
    await repo.raiseLastId('invite_link_id', linkId);
  },
});
