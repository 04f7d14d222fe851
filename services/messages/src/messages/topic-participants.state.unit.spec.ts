import { participantIds, withMessagesOf } from './topic-participants.state';

describe("a topic's participants", () => {
  it('counts each sender once however many messages they send, and lists them in id order', () => {
    const state = withMessagesOf(null, [7, 3, 7], 1, 1);
    expect(state).toEqual({ messagesBySender: { '3': 1, '7': 2 }, version: 1 });
    expect(participantIds(state)).toEqual([3, 7]);
  });

  it('keeps a sender until their last message of the topic leaves it (deleted or moved away)', () => {
    const state = withMessagesOf(withMessagesOf(null, [7, 3, 7], 1, 1), [7], -1, 2);
    expect(participantIds(state)).toEqual([3, 7]);
    expect(participantIds(withMessagesOf(state, [7], -1, 3))).toEqual([3]);
  });

  it('has no document once no message is left, and ignores messages it never counted', () => {
    expect(withMessagesOf(withMessagesOf(null, [3], 1, 1), [3], -1, 2)).toBeNull();
    expect(withMessagesOf(null, [3], -1, 2)).toBeNull();
    expect(withMessagesOf(withMessagesOf(null, [3], 1, 1), [9], -1, 2)).toEqual({ messagesBySender: { '3': 1 }, version: 2 });
    expect(participantIds(null)).toEqual([]);
  });
});
