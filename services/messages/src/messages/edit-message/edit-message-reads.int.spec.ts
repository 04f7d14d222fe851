import { MarkdownReadModel } from '../../rendering/markdown-read-model';
import type { Connection } from 'mongoose';
import { Role, sendMessage, updateMessage } from '@zulip-es/contracts';
import {
  applyToReadModel,
  connectMongo,
  createKafka,
  createLogger,
  DomainError,
  StackEndpointsSchema,
  TopicFollower,
  type Decision,
} from '@zulip-es/platform';
import { createChannel, createUser, uniqueChannelName, type TestUser } from '@zulip-es/testing';
import { AttachmentsReadModel } from '../../attachments/attachments-read-model';
import { MessagesRepository } from '../../projection/messages.repository';
import type { MessagesDeps } from '../../shared/messages-deps';
import { UsersReadModel } from '../../users-read-model/users-read-model';
import type { ListStore } from '../message-lists/message-list';
import type { MessageState } from '../message.state';
import { SendMessageHandler } from '../send-message/send-message.handler';
import { EditMessageHandler } from './edit-message.handler';
import { send } from './edit-message.int-helpers';
import { MESSAGES_DATABASE } from '../../projection/messages.projection';

/** The live projection, with every store read of a topic's id list and of messages by the dozen counted. */
class CountingRepository extends MessagesRepository {
  listReads: string[] = [];
  messagesRead = 0;

  protected override storedLists(): ListStore {
    const store = super.storedLists();
    return {
      ...store,
      head: (key) => (this.listReads.push(key), store.head(key)),
      chunk: (key, no) => (this.listReads.push(key), store.chunk(key, no)),
      chunksOf: (key, nos) => (this.listReads.push(...nos.map(() => key)), store.chunksOf!(key, nos)),
    };
  }

  override messagesByIds(ids: readonly number[]): Promise<MessageState[]> {
    this.messagesRead += ids.length;
    return super.messagesByIds(ids);
  }

  topicListReads(): string[] {
    return this.listReads.filter((key) => key.startsWith('topic:'));
  }

  reset(): void {
    this.listReads = [];
    this.messagesRead = 0;
  }
}

/**
 * Every message command of the organization is decided on one key, one after the other: the work
 * of one that is refused must not grow with the topic it names. The handlers run here, in this
 * process, on the live projection and a copy of the users read model (they only read: nothing
 * is appended).
 */
describe('PATCH /messages/{message_id} and POST /messages: what a decision reads of the topic', () => {
  const { KAFKA_BROKERS, MONGO_URL } = StackEndpointsSchema.parse(process.env);
  const logger = createLogger('edit-reads-spec', 'warn');
  let db: Connection;
  let repo: CountingRepository;
  let deps: MessagesDeps;
  let guest: TestUser;
  let member: TestUser;
  let name: string;
  let otherChannelId: number;
  let privateChannelId: number;
  let ids: number[];

  beforeAll(async () => {
    [guest, member] = [await createUser({ role: Role.GUEST, label: 'reads-guest' }), await createUser({ label: 'reads-member' })];
    name = uniqueChannelName('reads');
    await createChannel({ name, subscribers: [guest.userId, member.userId] });
    otherChannelId = await createChannel({ subscribers: [guest.userId, member.userId] });
    privateChannelId = await createChannel({ invite_only: true, subscribers: [] });
    ids = [];
    for (const author of [member, member, member, guest])
      ids.push(await send(author, { type: 'stream', to: name, topic: 'long', content: `message ${ids.length}` }));

    db = await connectMongo(MONGO_URL, MESSAGES_DATABASE);
    repo = new CountingRepository(db);
    const users = new UsersReadModel();
    // The users read model as the service has it, up to the users created above.
    await new TopicFollower(
      createKafka('edit-reads-spec', KAFKA_BROKERS, logger),
      { name: 'edit-reads-spec', topics: users.topics, stopAtEnd: true },
      (batch) => applyToReadModel(users, batch, logger),
      logger,
    ).start();
    deps = { repo, users, markdown: new MarkdownReadModel(), attachments: new AttachmentsReadModel(), wildcardMentionThreshold: 15 };
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });
  beforeEach(() => repo.reset());

  const editAs = (actor: TestUser, params: Record<string, unknown>): Promise<Decision> =>
    new EditMessageHandler(deps).editMessage({
      commandId: 'c',
      correlationId: 'c',
      actorId: actor.userId,
      data: updateMessage.params.parse(params),
      now: new Date(),
    });
  const refusal = async (decision: Promise<unknown>): Promise<unknown> =>
    decision.then(
      () => 'decided',
      (error: unknown) => (error instanceof DomainError ? error.msg : error),
    );

  it("refuses a guest's whole-topic move to another channel without reading the topic's messages", async () => {
    const refused = await refusal(editAs(guest, { message_id: ids[3], stream_id: otherChannelId, propagate_mode: 'change_all' }));
    expect(refused).toBe("You don't have permission to move this message");
    expect([repo.topicListReads(), repo.messagesRead]).toEqual([[], 0]);
  });

  it("refuses a move to a channel the mover cannot access without reading the topic's messages", async () => {
    const refused = await refusal(editAs(member, { message_id: ids[0], stream_id: privateChannelId, propagate_mode: 'change_all' }));
    expect(refused).toBe('Invalid channel ID');
    expect([repo.topicListReads(), repo.messagesRead]).toEqual([[], 0]);
  });

  it("reads the topic's messages for a move that passed its checks", async () => {
    const decision = await editAs(member, { message_id: ids[0], topic: 'elsewhere', propagate_mode: 'change_all' });
    expect(decision.events[0]).toMatchObject({ type: 'messages.moved.v1', data: { messageIds: ids } });
    expect(repo.messagesRead).toBe(ids.length);
  });

  it('reads nothing of the topic for a content edit, with or without a topic wildcard mention', async () => {
    for (const content of ['plain', '@**all** and @**topic**', '`@**topic**` in code']) {
      const decision = await editAs(member, { message_id: ids[0], content });
      expect(decision.events.map((e) => e.type)).toEqual(['message.content_edited.v1']);
    }
    expect([repo.topicListReads(), repo.messagesRead]).toEqual([[], 0]);
  });

  it("names the topic's participants of a topic wildcard mention without reading the topic's messages", async () => {
    const decision = await new SendMessageHandler(deps).sendMessage({
      commandId: 'c',
      correlationId: 'c',
      actorId: member.userId,
      now: new Date(),
      data: sendMessage.params.parse({ type: 'stream', to: name, topic: 'LONG', content: '@**topic** lunch?' }),
    });
    expect(decision.events[0]!.data).toMatchObject({ topicParticipantIds: [guest.userId, member.userId].sort((a, b) => a - b) });
    expect([repo.topicListReads(), repo.messagesRead]).toEqual([[], 0]);
  });
});
