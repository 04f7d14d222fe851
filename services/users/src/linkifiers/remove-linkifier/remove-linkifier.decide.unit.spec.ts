import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import type { LinkifiersState } from '../linkifiers.state';
import { decideRemoveLinkifier } from './remove-linkifier.decide';

const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const linkifiers: LinkifiersState = {
  linkifiers: [{ id: 3, pattern: 'x(?P<a>1)', urlTemplate: 'https://x/{a}' }],
  lastLinkifierId: 3,
  version: 5,
};

describe('remove linkifier', () => {
  it('removes it', () => {
    expect(decideRemoveLinkifier({ filter_id: 3 }, { actor: admin, linkifiers })).toEqual([
      { type: 'linkifier.removed.v1', aggregateId: 'linkifiers', sequence: 6, data: { linkifierId: 3 } },
    ]);
  });

  it('refuses an unknown id', () => {
    expect(() => decideRemoveLinkifier({ filter_id: 4 }, { actor: admin, linkifiers })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Linkifier not found.' }),
    );
  });

  it('refuses a member', () => {
    expect(() => decideRemoveLinkifier({ filter_id: 3 }, { actor: aUser({ role: Role.MEMBER }), linkifiers })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }),
    );
  });
});
