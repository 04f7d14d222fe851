import { realmProjector } from '../domain/realm.projector';
import { userProjector } from '../domain/user.projector';
import { linkifiersProjector } from '../linkifiers/linkifiers.projector';
import { playgroundsProjector } from '../playgrounds/playgrounds.projector';
import { customEmojiProjector } from '../custom-emoji/custom-emoji.projector';
import { navigationViewsProjector } from '../navigation-views/navigation-views.projector';
import { savedSnippetsProjector } from '../saved-snippets/saved-snippets.projector';
import { profileFieldsProjector } from '../profile-fields/profile-fields.projector';
import { userGroupProjector } from '../user-groups/user-group.projector';
import { presenceProjector } from '../presence/presence.projector';
import { userStatusProjector } from '../user-status/user-status.projector';
import { invitationProjector } from '../invites/invitation.projector';
import { invitationLinkProjector } from '../invites/invitation-link.projector';
import type { Projector } from './projector';
import type { UsersRepository } from './users.repository';

/** Every area's projector; each event type belongs to exactly one. */
export const projectors = (repo: UsersRepository): Projector[] => [
  realmProjector(repo),
  userProjector(repo),
  navigationViewsProjector(repo),
  savedSnippetsProjector(repo),
  linkifiersProjector(repo),
  playgroundsProjector(repo),
  customEmojiProjector(repo),
  profileFieldsProjector(repo),
  userGroupProjector(repo),
  userStatusProjector(repo),
  presenceProjector(repo),
  invitationProjector(repo),
  invitationLinkProjector(repo),
];
