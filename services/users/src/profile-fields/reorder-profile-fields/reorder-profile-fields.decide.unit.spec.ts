import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import { aField, someFields } from '../../testing/profile-fields.fixtures';
import { inDisplayOrder } from '@zulip-es/zulip-rules';
import { evolveProfileFields } from '../profile-fields.state';
import { decideReorderProfileFields } from './reorder-profile-fields.decide';

const admin = aUser({ userId: 2, role: Role.ADMINISTRATOR });
const fields = someFields([aField({ id: 1, name: 'A', order: 1 }), aField({ id: 2, name: 'B', order: 2 })], 3);

describe('reorder custom profile fields', () => {
  it('makes each position the field order', () => {
    const events = decideReorderProfileFields({ order: [2, 1] }, { actor: admin, fields });
    expect(events).toEqual([
      { type: 'custom_profile_fields.reordered.v1', aggregateId: 'custom_profile_fields', sequence: 4, data: { order: [2, 1] } },
    ]);
    const after = evolveProfileFields(fields, events[0] as never, 4);
    expect(inDisplayOrder(after.fields).map((f) => [f.id, f.order])).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('ignores ids that are no field, as Zulip does', () => {
    expect(decideReorderProfileFields({ order: [77, 2, 1] }, { actor: admin, fields })).toHaveLength(1);
  });

  it('publishes nothing when the order stays', () => {
    const settled = someFields([aField({ id: 1, name: 'A', order: 0 }), aField({ id: 2, name: 'B', order: 1 })]);
    expect(decideReorderProfileFields({ order: [1, 2] }, { actor: admin, fields: settled })).toEqual([]);
  });

  it('refuses a list missing a field', () => {
    expect(() => decideReorderProfileFields({ order: [2] }, { actor: admin, fields })).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', msg: 'Invalid order mapping.' }),
    );
  });

  it('is for administrators only', () => {
    expect(() => decideReorderProfileFields({ order: [2, 1] }, { actor: aUser({ role: Role.MODERATOR }), fields })).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }),
    );
  });
});
