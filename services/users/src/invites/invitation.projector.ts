import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import { normalizeEmail, type UsersRepository } from '../projection/users.repository';
import { evolveInvitation, invitationAggregateId, type InvitationEvent } from './invitation.state';
import { recordInviteSent } from './invite-quota';

const INVITATION_EVENTS: readonly InvitationEvent['type'][] = [
  'invitation.created.v1',
  'invitation.requested.v1',
  'invitation.resent.v1',
  'invitation.revoked.v1',
  'invitation.accepted.v1',
];

/**
 * Invitations by id, plus side indexes kept idempotently (a replay rewrites them to the same
 * content): key hash → invitation, email → its invitations, the inviter's recent sends (not
 * invitations asked for through a link: nobody sent those), the last invitation id.
 */
export const invitationProjector = (repo: UsersRepository): Projector => ({
  types: INVITATION_EVENTS,
  async apply(event, envelope) {
    const invitationEvent = event as InvitationEvent;
    const { inviteId } = invitationEvent.data;
    await applyToDocument(repo.invitations, invitationAggregateId(inviteId), envelope.sequence, (current) =>
      evolveInvitation(current, invitationEvent, envelope.sequence),
    );
    switch (invitationEvent.type) {
      case 'invitation.created.v1': {
        const { invitedByUserId, invitedAt } = invitationEvent.data;
        await indexNewInvitation(repo, invitationEvent.data);
        await recordInviteSent(repo, invitedByUserId, { key: `created:${inviteId}`, at: invitedAt });
        return;
      }
      case 'invitation.requested.v1':
        await indexNewInvitation(repo, invitationEvent.data);
        return;
      case 'invitation.resent.v1': {
        await repo.invitationKeys.replaceOne({ _id: invitationEvent.data.keyHash }, { inviteId }, { upsert: true });
        if (envelope.actorId !== null) {
          const { invitedAt } = invitationEvent.data;
          await recordInviteSent(repo, envelope.actorId, { key: `resent:${inviteId}:${invitedAt}`, at: invitedAt });
        }
        return;
      }
      default:
        return;
    }
  },
});

async function indexNewInvitation(
  repo: UsersRepository,
  { inviteId, keyHash, email }: { inviteId: number; keyHash: string; email: string },
): Promise<void> {
  await repo.invitationKeys.replaceOne({ _id: keyHash }, { inviteId }, { upsert: true });
  const byEmail = await repo.invitationEmails.findOne({ _id: normalizeEmail(email) });
  const inviteIds = [...new Set([...(byEmail?.inviteIds ?? []), inviteId])].sort((a, b) => a - b);
  await repo.invitationEmails.replaceOne({ _id: normalizeEmail(email) }, { inviteIds }, { upsert: true });
  await repo.raiseLastId('invite_id', inviteId);
}
