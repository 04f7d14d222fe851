import { VisibilityPolicy } from '@zulip-es/contracts';
import { isRowMuted } from './flag-targets';

describe('whether an unread channel message is muted for its reader', () => {
  const { INHERIT, MUTED, UNMUTED, FOLLOWED } = VisibilityPolicy;

  it('mutes every topic of a muted channel but those unmuted or followed', () => {
    expect([INHERIT, MUTED, UNMUTED, FOLLOWED].map((policy) => isRowMuted(true, policy))).toEqual([true, true, false, false]);
  });

  it('mutes only muted topics of other channels', () => {
    expect([INHERIT, MUTED, UNMUTED, FOLLOWED].map((policy) => isRowMuted(false, policy))).toEqual([false, true, false, false]);
  });
});
