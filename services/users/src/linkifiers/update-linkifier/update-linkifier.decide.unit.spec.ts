import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import type { LinkifiersState } from '../linkifiers.state';
import { decideUpdateLinkifier } from './update-linkifier.decide';

const admin = aUser({ userId: 1, role: Role.OWNER });
const linkifiers: LinkifiersState = {
  linkifiers: [
    { id: 1, pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://github.com/zulip/zulip/issues/{id}' },
    { id: 2, pattern: 'T(?P<id>[0-9]+)', urlTemplate: 'https://trac.example/{id}' },
  ],
  lastLinkifierId: 2,
  version: 3,
};

describe('update linkifier (E13)', () => {
  it('replaces pattern and template', () => {
    expect(
      decideUpdateLinkifier(
        { filter_id: 2, pattern: 'TR(?P<n>[0-9]+)', url_template: 'https://trac.example/ticket/{n}' },
        { actor: admin, linkifiers },
      ),
    ).toEqual([
      {
        type: 'linkifier.changed.v1',
        aggregateId: 'linkifiers',
        sequence: 4,
        data: { linkifierId: 2, pattern: 'TR(?P<n>[0-9]+)', urlTemplate: 'https://trac.example/ticket/{n}' },
      },
    ]);
  });

  it('may keep its own pattern, and produces nothing when nothing changes', () => {
    expect(
      decideUpdateLinkifier(
        { filter_id: 2, pattern: 'T(?P<id>[0-9]+)', url_template: 'https://trac.example/{id}' },
        { actor: admin, linkifiers },
      ),
    ).toEqual([]);
    expect(
      decideUpdateLinkifier(
        { filter_id: 2, pattern: 'T(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' },
        { actor: admin, linkifiers },
      ),
    ).toHaveLength(1);
  });

  it('refuses another linkifier’s pattern', () => {
    expect(() =>
      decideUpdateLinkifier({ filter_id: 2, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x/{id}' }, { actor: admin, linkifiers }),
    ).toThrow(expect.objectContaining({ msg: 'Realm filter with this Realm and Pattern already exists.' }));
  });

  it('refuses an unknown id', () => {
    expect(() =>
      decideUpdateLinkifier({ filter_id: 99, pattern: 'x(?P<a>1)', url_template: 'https://x/{a}' }, { actor: admin, linkifiers }),
    ).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', status: 400, msg: 'Linkifier not found.' }));
  });

  it('refuses a bad template', () => {
    expect(() =>
      decideUpdateLinkifier({ filter_id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://x/{id' }, { actor: admin, linkifiers }),
    ).toThrow(expect.objectContaining({ msg: 'Invalid URL template.', extra: { errors: { url_template: ['Invalid URL template.'] } } }));
  });

  it('refuses a moderator', () => {
    expect(() =>
      decideUpdateLinkifier(
        { filter_id: 1, pattern: 'x', url_template: 'https://x' },
        { actor: aUser({ role: Role.MODERATOR }), linkifiers },
      ),
    ).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL' }));
  });
});
