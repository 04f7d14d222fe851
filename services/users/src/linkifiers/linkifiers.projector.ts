import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveLinkifiers, LINKIFIERS_AGGREGATE, noLinkifiers, type LinkifierEvent } from './linkifiers.state';

const LINKIFIER_EVENTS: readonly LinkifierEvent['type'][] = [
  'linkifier.added.v1',
  'linkifier.changed.v1',
  'linkifier.removed.v1',
  'linkifiers.reordered.v1',
];

/** The organization's ordered linkifier list, one document. */
export const linkifiersProjector = (repo: UsersRepository): Projector => ({
  types: LINKIFIER_EVENTS,
  async apply(event, envelope) {
    const linkifierEvent = event as LinkifierEvent;
    await applyToDocument(repo.linkifiers, LINKIFIERS_AGGREGATE, envelope.sequence, (current) =>
      evolveLinkifiers(current ?? noLinkifiers(), linkifierEvent, envelope.sequence),
    );
  },
});
