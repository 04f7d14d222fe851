import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolvePlaygrounds, noPlaygrounds, PLAYGROUNDS_AGGREGATE, type PlaygroundEvent } from './playgrounds.state';

const PLAYGROUND_EVENTS: readonly PlaygroundEvent['type'][] = ['playground.added.v1', 'playground.removed.v1'];

/** The organization's code playgrounds, one document. */
export const playgroundsProjector = (repo: UsersRepository): Projector => ({
  types: PLAYGROUND_EVENTS,
  async apply(event, envelope) {
    await applyToDocument(repo.playgrounds, PLAYGROUNDS_AGGREGATE, envelope.sequence, (current) =>
      evolvePlaygrounds(current ?? noPlaygrounds(), event as PlaygroundEvent, envelope.sequence),
    );
  },
});
