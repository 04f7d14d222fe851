import { ExportScope } from './export-scope';

type Event = { type: string; data: Record<string, unknown> };
const user = (userId: number, consents = false): Event => ({
  type: 'user.created.v1',
  data: {
    userId,
    fullName: `U${userId}`,
    passwordHash: 'scrypt$secret',
    apiKeyHash: 'hash',
    apiKeyNonce: 'nonce',
    settings: consents ? { allow_private_data_export: true } : {},
  },
});
const consent = (userId: number, value: boolean): Event => ({
  type: 'user.settings_changed.v1',
  data: { userId, property: 'allow_private_data_export', value },
});
const channel = (channelId: number, inviteOnly: boolean): Event => ({ type: 'channel.created.v1', data: { channelId, inviteOnly } });
const subscribed = (channelId: number, ...userIds: number[]): Event => ({
  type: 'channel.subscribers_added.v1',
  data: { channelId, subscribers: userIds.map((userId) => ({ userId, color: '#c2c2c2' })) },
});
const toChannel = (messageId: number, channelId: number): Event => ({
  type: 'message.sent.v1',
  data: { messageId, senderId: 1, conversation: { type: 'channel', channelId, topic: 't' } },
});
const direct = (messageId: number, ...userIds: number[]): Event => ({
  type: 'message.sent.v1',
  data: { messageId, senderId: userIds[0], conversation: { type: 'direct', userIds } },
});
const moved = (messageIds: number[], from: number, to: number): Event => ({
  type: 'messages.moved.v1',
  data: { messageId: messageIds[0], messageIds, from: { channelId: from, topic: 't' }, to: { channelId: to, topic: 't' } },
});
const uploaded = (attachmentId: number, ownerId: number): Event => ({
  type: 'attachment.uploaded.v1',
  data: { attachmentId, ownerId, pathId: `1/ab/x${attachmentId}/f.txt`, size: 1 },
});
const claimed = (attachmentId: number, messageId: number): Event => ({
  type: 'attachment.claimed.v1',
  data: { attachmentId, messageId, dateSent: '2026-01-01T00:00:00.000Z' },
});
const draft = (userId: number): Event => ({ type: 'draft.created.v1', data: { userId, draft: { id: 1 } } });

/** The organization: 1 consents, 2 does not; channel 10 public, 11 private with 1, 12 private with 2 only. */
const HISTORY: Event[] = [
  user(1, true),
  user(2),
  user(3),
  channel(10, false),
  channel(11, true),
  channel(12, true),
  subscribed(10, 1, 2),
  subscribed(11, 1),
  subscribed(12, 2),
  toChannel(100, 10),
  toChannel(101, 11),
  toChannel(102, 12),
  direct(103, 1, 2),
  direct(104, 2, 3),
  toChannel(105, 10),
  moved([105], 10, 12),
  toChannel(106, 12),
  moved([106], 12, 10),
  uploaded(1, 2),
  claimed(1, 100),
  uploaded(2, 1),
  uploaded(3, 2),
  claimed(3, 104),
];

function scopeOf(exportType: 1 | 2, history = HISTORY): ExportScope {
  const scope = new ExportScope(exportType);
  for (const event of history) scope.observe(event);
  return scope;
}
const sent = (scope: ExportScope): number[] =>
  [100, 101, 102, 103, 104, 105, 106].filter((id) => scope.exported(toChannel(id, 10)) !== null);

describe('what a public data export (type 1) carries', () => {
  const scope = scopeOf(1);

  it('carries the messages of public channels only, by where each message is last (moves in and out)', () => {
    expect(sent(scope)).toEqual([100, 106]);
  });

  it('leaves out drafts and saved snippets, even of members who consented', () => {
    expect(scope.exported(draft(1))).toBeNull();
    expect(
      scope.exported({ type: 'saved_snippet.created.v1', data: { userId: 1, savedSnippetId: 1, title: 't', content: 'c' } }),
    ).toBeNull();
  });

  it('leaves out password hashes and API key material, keeping the rest of the user', () => {
    expect(scope.exported(user(1))).toEqual({ userId: 1, fullName: 'U1', settings: {} });
  });

  it('leaves out invitation link keys', () => {
    expect(
      scope.exported({ type: 'invitation.created.v1', data: { inviteId: 1, email: 'a@example.com', keyHash: 'h', keyNonce: 'n' } }),
    ).toEqual({ inviteId: 1, email: 'a@example.com' });
  });

  it('carries the uploads exported messages link, and their files only', () => {
    expect(scope.exported(uploaded(1, 2))).not.toBeNull();
    expect(scope.exported(uploaded(2, 1))).toBeNull();
    expect(scope.exported(uploaded(3, 2))).toBeNull();
    expect(scope.files()).toEqual(['1/ab/x1/f.txt']);
  });

  it('keeps only exported messages in lists of ids, and drops an event left with none', () => {
    expect(scope.exported({ type: 'messages.deleted.v1', data: { messageIds: [100, 101], conversation: {} } })).toEqual({
      messageIds: [100],
      conversation: {},
    });
    expect(scope.exported({ type: 'messages.deleted.v1', data: { messageIds: [101, 103] } })).toBeNull();
    expect(
      scope.exported({
        type: 'message_flags.updated.v2',
        data: {
          userId: 2,
          flag: 'read',
          op: 'remove',
          messageIds: [100, 103],
          places: [
            { type: 'stream', messageIds: [100] },
            { type: 'private', userIds: [1, 2], messageIds: [103] },
          ],
        },
      }),
    ).toEqual({ userId: 2, flag: 'read', op: 'remove', messageIds: [100], places: [{ type: 'stream', messageIds: [100] }] });
  });

  it('leaves out an event type it does not know', () => {
    expect(scope.exported({ type: 'something.new.v1', data: {} })).toBeNull();
  });
});

describe('what a standard export (type 2) carries', () => {
  const scope = scopeOf(2);

  it('adds the direct messages and private channel messages of members who consented', () => {
    expect(sent(scope)).toEqual([100, 101, 103, 106]);
  });

  it("adds the drafts and uploads of members who consented, not the others'", () => {
    expect(scope.exported(draft(1))).not.toBeNull();
    expect(scope.exported(draft(2))).toBeNull();
    expect(scope.files().sort()).toEqual(['1/ab/x1/f.txt', '1/ab/x2/f.txt']);
  });

  it('follows a consent given or withdrawn later, up to the export', () => {
    const later = scopeOf(2, [...HISTORY.slice(0, 3), consent(1, false), consent(2, true), ...HISTORY.slice(3)]);
    expect(sent(later)).toEqual([100, 102, 103, 104, 105, 106]);
  });

  it('leaves no uploaded file that was removed', () => {
    const removed = scopeOf(2, [
      ...HISTORY,
      { type: 'attachment.removed.v1', data: { attachmentId: 2, ownerId: 1, pathId: '1/ab/x2/f.txt', size: 1 } },
    ]);
    expect(removed.files()).toEqual(['1/ab/x1/f.txt']);
  });
});
