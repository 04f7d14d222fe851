import { Role } from '@zulip-es/contracts';
import { aUser } from '../../testing/users.fixtures';
import type { LinkifiersState } from '../linkifiers.state';
import { decideAddLinkifier } from './add-linkifier.decide';

const admin = aUser({ userId: 1, role: Role.ADMINISTRATOR });
const linkifiers: LinkifiersState = {
  linkifiers: [{ id: 4, pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://github.com/zulip/zulip/issues/{id}' }],
  lastLinkifierId: 5,
  version: 9,
};

describe('add linkifier', () => {
  it('adds a valid linkifier with the next id, never reusing a removed one', () => {
    expect(
      decideAddLinkifier(
        { pattern: ' JIRA-(?P<key>[0-9]+) ', url_template: 'https://jira.example/browse/{key}' },
        { actor: admin, linkifiers },
      ),
    ).toEqual([
      {
        type: 'linkifier.added.v1',
        aggregateId: 'linkifiers',
        sequence: 10,
        data: { linkifierId: 6, pattern: 'JIRA-(?P<key>[0-9]+)', urlTemplate: 'https://jira.example/browse/{key}' },
      },
    ]);
  });

  it('refuses an invalid linkifier with Zulip’s validation failure', () => {
    expect(() =>
      decideAddLinkifier({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' }, { actor: admin, linkifiers }),
    ).toThrow(
      expect.objectContaining({
        msg: 'Realm filter with this Realm and Pattern already exists.',
        extra: { errors: { __all__: [expect.any(String)] } },
      }),
    );
  });

  it.each([Role.MODERATOR, Role.MEMBER, Role.GUEST])('refuses role %s', (role) => {
    expect(() =>
      decideAddLinkifier({ pattern: 'x(?P<a>1)', url_template: 'https://x/{a}' }, { actor: aUser({ role }), linkifiers }),
    ).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' }));
  });
});
