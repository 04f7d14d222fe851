import { longpollTimeoutSeconds } from './long-poll-timeout';

describe('the long-poll timeout clients are told', () => {
  it("is twice the heartbeat period, Zulip's 90 s for its 45 s heartbeat, in whole seconds", () => {
    expect(longpollTimeoutSeconds(45_000)).toBe(90);
    expect(longpollTimeoutSeconds(1_500)).toBe(4);
    expect(longpollTimeoutSeconds(80_000)).toBeGreaterThan(80);
  });
});
