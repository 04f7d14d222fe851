import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Controller, Inject } from '@nestjs/common';
import { addCustomEmoji, StoredFile } from '@zulip-es/contracts';
import { CommandPattern, type Decision, type MessageContext } from '@zulip-es/platform';
import { customEmojiKeys } from '@zulip-es/zulip-emoji';
import { USERS_DEPS, type UsersDeps } from '../../shared/users-deps';
import { loadActorGroups } from '../../user-groups/load-actor-groups';
import { checkAddCustomEmoji, decideAddCustomEmoji, EMOJI_IMAGE_TYPES, type AddCustomEmoji } from './add-custom-emoji.decide';
import { resizeEmoji } from './emoji-image';

@Controller()
export class AddCustomEmojiHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /**
   * POST /realm/emoji/{emoji_name}: the checks, then the images (read from the upload the gateway
   * stored, resized, written under the emoji's file name), then the event. The file name comes
   * from the command's id, so a command run again after a crash writes the same objects; it is as
   * unguessable as that id, which is what keeps the publicly served images private to those told
   * their URL.
   */
  @CommandPattern({ type: addCustomEmoji.type, params: addCustomEmoji.params.extend({ file: StoredFile }) })
  async add({ data, actorId, commandId }: MessageContext<AddCustomEmoji>): Promise<Decision> {
    const { repo, objects } = this.deps;
    const [ctx, emoji] = await Promise.all([loadActorGroups(repo, actorId), repo.customEmojiList()]);
    const state = { actor: ctx.actor, realm: ctx.realm, membership: ctx.membership, emoji };
    const accepted = checkAddCustomEmoji(data, state);
    const bytes = await objects.readWhole(data.file.pathId);
    const resized = await resizeEmoji(bytes, accepted.contentType);
    const fileName = `${createHash('sha256').update(commandId).digest('hex').slice(0, 16)}${EMOJI_IMAGE_TYPES.get(accepted.contentType)!}`;
    const keys = customEmojiKeys(ctx.realm.realmId, fileName);
    await Promise.all([
      objects.put(keys.original, Readable.from([bytes]), accepted.contentType),
      objects.put(keys.image, Readable.from([resized.image]), accepted.contentType),
      resized.still ? objects.put(keys.still, Readable.from([resized.still]), 'image/png') : null,
    ]);
    return { events: decideAddCustomEmoji(accepted, { fileName, isAnimated: resized.still !== undefined }, state), reply: {} };
  }
}
