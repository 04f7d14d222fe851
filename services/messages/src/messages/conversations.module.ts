import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { DeleteMessageHandler } from './delete-message/delete-message.handler';
import { EditMessageHandler } from './edit-message/edit-message.handler';
import { MatchesNarrowHandler } from './matches-narrow/matches-narrow.handler';
import { MessageHistoryHandler } from './message-history/message-history.handler';
import { ReactionsHandler } from './reactions/reactions.handler';
import { ReadMessagesHandler } from './read-messages/read-messages.handler';
import { ReadReceiptsHandler } from './read-receipts/read-receipts.handler';
import { RenderMessageHandler } from './render-message/render-message.handler';
import { ReportMessageHandler } from './report-message/report-message.handler';
import { SendMessageHandler } from './send-message/send-message.handler';
import { SubmessageHandler } from './submessages/submessage.handler';
import { GetStreamTopicsHandler } from './topic-history/get-stream-topics.handler';
import { TestWelcomeMessageHandler } from './welcome-bot/test-welcome-message.handler';

/**
 * The messages of channels' topics and of direct conversations, one folder per use case:
 * sending, reading, editing and moving, deleting, rendering, reactions and widgets, edit
 * history, read receipts, narrows, reports, topic lists and the Welcome Bot's test message.
 */
@Module({
  imports: [MessagesProjectionModule],
  controllers: [
    SendMessageHandler,
    ReadMessagesHandler,
    EditMessageHandler,
    DeleteMessageHandler,
    RenderMessageHandler,
    ReactionsHandler,
    SubmessageHandler,
    MessageHistoryHandler,
    ReadReceiptsHandler,
    MatchesNarrowHandler,
    ReportMessageHandler,
    GetStreamTopicsHandler,
    TestWelcomeMessageHandler,
  ],
})
export class ConversationsModule {}
