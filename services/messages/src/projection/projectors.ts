import { channelProjector } from '../channels/channel.projector';
import { defaultChannelsProjector } from '../channels/default-channels.projector';
import { channelFoldersProjector } from '../channels/folders/channel-folders.projector';
import { scheduledMessagesProjector } from '../scheduled-messages/scheduled-messages.projector';
import { subscriptionSettingsProjector } from '../channels/subscription-settings/subscription-settings.projector';
import { draftsProjector } from '../drafts/drafts.projector';
import { userTopicsProjector } from '../user-topics/user-topics.projector';
import { messageProjector } from '../messages/message.projector';
import { userFlagsProjector } from '../flags/user-flags.projector';
import { mutedUsersProjector } from '../muted-users/muted-users.projector';
import { alertWordsProjector } from '../alert-words/alert-words.projector';
import type { MessagesRepository } from './messages.repository';
import type { Projector } from './projector';

/** Every area's projector; each event type belongs to exactly one. */
export const projectors = (repo: MessagesRepository): Projector[] => [
  channelProjector(repo),
  defaultChannelsProjector(repo),
  channelFoldersProjector(repo),
  scheduledMessagesProjector(repo),
  subscriptionSettingsProjector(repo),
  draftsProjector(repo),
  userTopicsProjector(repo),
  messageProjector(repo),
  userFlagsProjector(repo),
  mutedUsersProjector(repo),
  alertWordsProjector(repo),
];
