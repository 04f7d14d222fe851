import { aUser } from '../../testing/users.fixtures';
import type { PresenceEntry } from '../presence.rules';
import { decidePing, presenceChanged, type PresencePingState, type UpdatePresence } from './update-presence.decide';

const NOW = 1_800_000_000;
const ping = (status: string): UpdatePresence => ({ status, new_user_input: false, ping_only: false, slim_presence: false });
const state = (overrides: Partial<PresencePingState> = {}): PresencePingState => ({
  actor: aUser({ userId: 5 }),
  presenceEnabled: true,
  previous: null,
  now: NOW,
  ...overrides,
});
const recent: PresenceEntry = { userId: 5, activeAt: NOW - 60, connectedAt: NOW - 60, status: 'active', updateId: 3 };

describe('presence ping', () => {
  it('announces the first ping and records later ones with the same status quietly', () => {
    expect(decidePing(ping('active'), state())).toEqual({ record: true, status: 'active', announced: true });
    expect(decidePing(ping('active'), state({ previous: recent }))).toEqual({ record: true, status: 'active', announced: false });
    expect(decidePing(ping('idle'), state({ previous: recent }))).toEqual({ record: true, status: 'idle', announced: true });
  });

  it('records nothing for a user who hides their presence', () => {
    expect(decidePing(ping('active'), state({ presenceEnabled: false }))).toEqual({ record: false });
  });

  it("refuses an unknown status with Zulip's message", () => {
    expect(() => decidePing(ping('away'), state())).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Invalid status: away' }));
  });

  it('refuses bots', () => {
    expect(() => decidePing(ping('active'), state({ actor: aUser({ isBot: true }) }))).toThrow(
      expect.objectContaining({ msg: 'This endpoint does not accept bot requests.' }),
    );
  });

  it('numbers the event after the last transition', () => {
    expect(presenceChanged(5, 'idle', NOW, 2)).toEqual({
      type: 'presence.changed.v1',
      aggregateId: 'presence:5',
      sequence: 3,
      data: { userId: 5, status: 'idle', timestamp: NOW },
    });
  });
});
