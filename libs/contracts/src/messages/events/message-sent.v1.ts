import { z } from 'zod';
import { UserId } from '../../users/user-fields';
import { MessageConversation } from '../message-recipient';
import { Submessage } from './submessage-added.v1';

/**
 * A message was sent. `messageId` is unique and increasing in the organization. `content` is the
 * Markdown as stored (normalized, truncated to 10000 characters as Zulip does), `renderedContent`
 * its HTML. `recipientId` is Zulip's `recipient_id` of the message (a channel, the receiving
 * user, or a group conversation). `client` names the sending client (Zulip's `client`).
 */
export const MessageSentV1 = z.object({
  type: z.literal('message.sent.v1'),
  data: z.object({
    messageId: z.number().int().positive(),
    senderId: UserId,
    conversation: MessageConversation,
    recipientId: z.number().int().positive(),
    content: z.string(),
    renderedContent: z.string(),
    sentAt: z.iso.datetime(),
    client: z.string(),
    /**
     * The uploads the message claims (path ids of `/user_uploads/...` links in its content that
     * the sender owns or may already read): readers of the message may read them. Absent in
     * events published before uploads existed (none).
     */
    attachmentPathIds: z.array(z.string()).optional(),
    /**
     * Present when the message mentions its topic (`@**topic**`, rendered as Zulip's
     * `topic-mention`): the distinct senders of the topic's earlier messages, whom Zulip's topic
     * wildcard mention notifies (its `topic_wildcard_mentioned` flag).
     */
    topicParticipantIds: z.array(UserId).optional(),
    /**
     * Whether the sender has read the message (Zulip's `read_by_sender`: true when sent from one
     * of Zulip's own apps, false from an API client, unless the request said). Absent in events
     * published before flags existed: read.
     */
    readBySender: z.boolean().optional(),
    /** The recipients whose alert words the message contains (Zulip's `has_alert_word`); absent: none. */
    alertWordUserIds: z.array(UserId).optional(),
    /** The widget a message starting with `/poll` or `/todo` carries from the start (Zulip's `do_widget_post_save_actions`); absent: none. */
    submessages: z.array(Submessage).optional(),
  }),
});
export type MessageSentV1 = z.infer<typeof MessageSentV1>;
