import { evolveLinkifiers, noLinkifiers, type LinkifierEvent } from './linkifiers.state';

describe('linkifiers evolve', () => {
  it('appends, changes in place, removes, reorders, and never reuses an id', () => {
    const events: LinkifierEvent[] = [
      { type: 'linkifier.added.v1', data: { linkifierId: 1, pattern: 'a(?P<x>1)', urlTemplate: 'https://a/{x}' } },
      { type: 'linkifier.added.v1', data: { linkifierId: 2, pattern: 'b(?P<x>1)', urlTemplate: 'https://b/{x}' } },
      { type: 'linkifier.added.v1', data: { linkifierId: 3, pattern: 'c(?P<x>1)', urlTemplate: 'https://c/{x}' } },
      { type: 'linkifier.changed.v1', data: { linkifierId: 2, pattern: 'B(?P<x>1)', urlTemplate: 'https://B/{x}' } },
      { type: 'linkifiers.reordered.v1', data: { orderedLinkifierIds: [3, 1, 2] } },
      { type: 'linkifier.removed.v1', data: { linkifierId: 3 } },
    ];
    const state = events.reduce((s, e, i) => evolveLinkifiers(s, e, i + 1), noLinkifiers());
    expect(state).toEqual({
      linkifiers: [
        { id: 1, pattern: 'a(?P<x>1)', urlTemplate: 'https://a/{x}' },
        { id: 2, pattern: 'B(?P<x>1)', urlTemplate: 'https://B/{x}' },
      ],
      lastLinkifierId: 3,
      version: 6,
    });
  });
});
