import { ClaimingMessages } from './claiming-messages';

/** message_claims as stored; `reads` counts the scans. */
const store = (docs: { messageId: number; attachmentIds: number[] }[]) => {
  const counted = { reads: 0 };
  const repo = {
    messageClaims: {
      find: async () => (counted.reads++, docs.map((d) => ({ ...d, _id: `message:${d.messageId}`, dateSent: '' }))),
    },
  };
  return { repo: repo as never, counted };
};

describe('the messages claiming uploads, kept in memory', () => {
  it('reads the store once, then follows the claims the projector applies', async () => {
    const { repo, counted } = store([
      { messageId: 1, attachmentIds: [5] },
      { messageId: 2, attachmentIds: [] },
    ]);
    const claiming = new ClaimingMessages(repo);
    expect([...(await claiming.atVersion(10))]).toEqual([1]);
    claiming.applied(11, { messageId: 3, any: true });
    claiming.applied(12, { messageId: 1, any: false });
    claiming.applied(13);
    expect([...(await claiming.atVersion(13))]).toEqual([3]);
    expect(counted.reads).toBe(1);
  });

  it('reads the store again when the version moved without it (another instance applied events)', async () => {
    const { repo, counted } = store([{ messageId: 1, attachmentIds: [5] }]);
    const claiming = new ClaimingMessages(repo);
    await claiming.atVersion(10);
    claiming.applied(12, { messageId: 3, any: true }); // 11 was applied elsewhere
    expect([...(await claiming.atVersion(12))]).toEqual([1]);
    expect(counted.reads).toBe(2);
  });
});
