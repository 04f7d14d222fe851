import { Controller, Inject } from '@nestjs/common';
import { addCodePlayground } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noPlaygrounds } from '../playgrounds.state';
import { decideAddPlayground, type AddCodePlayground } from './add-playground.decide';

/** The reply of an addition already applied: the new playground's id. */
export const addedPlaygroundReply = (events: { data: Record<string, unknown> }[]) => ({ id: events[0]!.data.playgroundId });

@Controller()
export class AddPlaygroundHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(addCodePlayground, { replyFrom: addedPlaygroundReply })
  async add({ data, actorId }: MessageContext<AddCodePlayground>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const events = decideAddPlayground(data, { actor, playgrounds: (await repo.playgroundList()) ?? noPlaygrounds() });
    return { events, reply: { id: events[0]!.data.playgroundId } };
  }
}
