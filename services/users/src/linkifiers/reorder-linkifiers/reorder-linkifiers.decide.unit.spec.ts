import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import { noLinkifiers, type LinkifiersState } from '../linkifiers.state';
import { decideReorderLinkifiers } from './reorder-linkifiers.decide';

const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const linkifiers: LinkifiersState = {
  linkifiers: [1, 2, 3].map((id) => ({ id, pattern: `p${id}(?P<a>1)`, urlTemplate: 'https://x/{a}' })),
  lastLinkifierId: 3,
  version: 3,
};
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });

describe('reorder linkifiers', () => {
  it('records the new order', () => {
    expect(decideReorderLinkifiers({ ordered_linkifier_ids: [3, 1, 2] }, { actor: admin, linkifiers })).toEqual([
      { type: 'linkifiers.reordered.v1', aggregateId: 'linkifiers', sequence: 4, data: { orderedLinkifierIds: [3, 1, 2] } },
    ]);
  });

  it('produces nothing for the current order, or an empty list when there are none', () => {
    expect(decideReorderLinkifiers({ ordered_linkifier_ids: [1, 2, 3] }, { actor: admin, linkifiers })).toEqual([]);
    expect(decideReorderLinkifiers({ ordered_linkifier_ids: [] }, { actor: admin, linkifiers: noLinkifiers() })).toEqual([]);
  });

  it('refuses a repeated id', () => {
    expect(() => decideReorderLinkifiers({ ordered_linkifier_ids: [1, 2, 3, 3] }, { actor: admin, linkifiers })).toThrow(
      refusal('The ordered list must not contain duplicated linkifiers'),
    );
  });

  it.each([[[1, 2]], [[1, 2, 3, 4]], [[1, 2, 4]], [[]]])('refuses %j, which is not every linkifier', (ids) => {
    expect(() => decideReorderLinkifiers({ ordered_linkifier_ids: ids }, { actor: admin, linkifiers })).toThrow(
      refusal('The ordered list must enumerate all existing linkifiers exactly once'),
    );
  });

  it('refuses a guest', () => {
    expect(() => decideReorderLinkifiers({ ordered_linkifier_ids: [3, 2, 1] }, { actor: aUser({ role: Role.GUEST }), linkifiers })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }),
    );
  });
});
