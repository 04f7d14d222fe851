import type { RenderContext } from '@zulip-es/zulip-markdown';
import { REALM_EMPTY_TOPIC_DISPLAY_NAME } from '@zulip-es/contracts';
import { hasContentAccess, type AccessContext } from '../channels/channel-access';
import { activeSubscription } from '../channels/user-subscriptions.state';
import type { MessagesRepository } from '../projection/messages.repository';
import type { ReadUser } from '../users-read-model/users-read-model';
import { ListKeys } from '../messages/message.state';
import { idsBefore, type ListReader } from '../messages/message-lists/message-list';
import type { AttachmentsReadModel } from '../attachments/attachments-read-model';
import type { MarkdownReadModel } from './markdown-read-model';
import { uploadPreviewsIn } from './upload-previews';

/** `#**channel**`, `#**channel>topic**` and `#**channel>topic@id**` as they appear in content. */
const CHANNEL_REFERENCE = /#\*\*([^*>]+)(?:>([^*]*))?\*\*/gu;
const MESSAGE_SUFFIX = /@\d+$/u;

export interface RenderingDeps {
  repo: MessagesRepository;
  markdown: MarkdownReadModel;
  attachments: Pick<AttachmentsReadModel, 'attachment'>;
}

/**
 * The organization as the sender sees it, for rendering `content`: the channels it names that
 * the sender may read, with the newest message of each topic it names, are read first, so that
 * rendering itself stays synchronous.
 */
export async function renderContextFor(
  deps: RenderingDeps,
  access: AccessContext,
  sender: ReadUser,
  content: string,
  lists: ListReader = deps.repo.lists,
): Promise<RenderContext> {
  const references = [...content.matchAll(CHANNEL_REFERENCE)];
  const channelIds = new Map<string, number>();
  const topicNewest = new Map<string, number>();
  if (references.length > 0) {
    const subscriptions = await deps.repo.subscriptionsOf(sender.userId);
    const names = [...new Set(references.map((m) => m[1]!))];
    const channels = await Promise.all(names.map((name) => deps.repo.channelByName(name)));
    for (const channel of channels) {
      if (!channel || !names.includes(channel.name)) continue;
      if (hasContentAccess(access, sender, channel, activeSubscription(subscriptions, channel.channelId) !== undefined))
        channelIds.set(channel.name, channel.channelId);
    }
    for (const m of references) {
      const channelId = channelIds.get(m[1]!);
      const topic = m[2];
      if (channelId === undefined || topic === undefined || MESSAGE_SUFFIX.test(topic)) continue;
      const [newest] = await idsBefore(lists, ListKeys.topic(channelId, topic), Number.MAX_SAFE_INTEGER, 1);
      if (newest !== undefined) topicNewest.set(`${channelId}\n${topic}`, newest);
    }
  }
  const { markdown } = deps;
  const uploads = uploadPreviewsIn(content, (pathId) => deps.attachments.attachment(pathId));
  return {
    realmUrl: markdown.realmUrl,
    userByName: (name) => markdown.userByName(name),
    userById: (id) => markdown.userById(id),
    groupByName: (name) => markdown.groupByName(name),
    channelIdByName: (name) => channelIds.get(name),
    topicNewestMessage: (channelId, topic) => topicNewest.get(`${channelId}\n${topic}`),
    linkifiers: markdown.linkifiers,
    customEmoji: markdown.customEmoji(),
    translateEmoticons: markdown.translatesEmoticons(sender.userId),
    defaultCodeBlockLanguage: '',
    emptyTopicName: REALM_EMPTY_TOPIC_DISPLAY_NAME,
    imagePreviews: markdown.imagePreviews,
    uploadedImage: (pathId) => uploads.get(pathId),
  };
}
