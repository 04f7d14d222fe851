import { Controller, Inject } from '@nestjs/common';
import { addLinkifier } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { loadActor, USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { noLinkifiers } from '../linkifiers.state';
import { decideAddLinkifier, type AddLinkifier } from './add-linkifier.decide';

/** The reply of an addition already applied: the new linkifier's id. */
export const addedLinkifierReply = (events: { data: Record<string, unknown> }[]) => ({ id: events[0].data.linkifierId });

@Controller()
export class AddLinkifierHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  @CommandPattern(addLinkifier, { replyFrom: addedLinkifierReply })
  async add({ data, actorId }: MessageContext<AddLinkifier>): Promise<Decision> {
    const { repo } = this.deps;
    const { actor } = await loadActor(repo, actorId);
    const events = decideAddLinkifier(data, { actor, linkifiers: (await repo.linkifierList()) ?? noLinkifiers() });
    return { events, reply: { id: events[0].data.linkifierId } };
  }
}
