import { MAX_EMOJI_FILE_SIZE_MIB, Role, type OperationData, type StoredFile, type addCustomEmoji } from '@zulip-es/contracts';
import { DomainError, badRequest } from '@zulip-es/platform';
import { unicodeEmoji } from '@zulip-es/zulip-emoji';
import type { RealmState } from '../../domain/realm.state';
import type { UserState } from '../../domain/user.state';
import { notAllowedForGuests } from '../../invites/invite-access';
import { hasRealmPermission } from '../../user-groups/group-rules';
import type { GroupMembership } from '@zulip-es/zulip-rules';
import { activeNamed, CUSTOM_EMOJI_AGGREGATE, type CustomEmojiState } from '../custom-emoji.state';
import type { UsersNewEvent } from '../../shared/users-new-event';

export type AddCustomEmoji = OperationData<typeof addCustomEmoji> & { file: StoredFile };

export interface AddCustomEmojiState {
  actor: UserState;
  realm: RealmState;
  membership: GroupMembership;
  emoji: CustomEmojiState;
}

/** Zulip's `THUMBNAIL_ACCEPT_IMAGE_TYPES` ∩ `INLINE_MIME_TYPES`, with the extension Zulip stores each under. */
export const EMOJI_IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ['image/avif', '.avif'],
  ['image/gif', '.gif'],
  ['image/jpeg', '.jpg'],
  ['image/png', '.png'],
  ['image/webp', '.webp'],
]);

const VALID_NAME = /^[0-9a-z\-_]+(?<![\-_])$/;
const ONLY_NAME_CHARACTERS = /^[0-9a-z\-_]+$/;

export interface AcceptedEmojiUpload {
  name: string;
  contentType: string;
}

/**
 * Zulip's `upload_emoji` checks, in its order, before the image is read: who may add one, the
 * name (spaces become underscores), the organization's setting, a name in use, the names of
 * Zulip's own emoji (administrators only), the file's size and type.
 */
export function checkAddCustomEmoji(cmd: AddCustomEmoji, state: AddCustomEmojiState): AcceptedEmojiUpload {
  const { actor } = state;
  if (actor.role === Role.GUEST) throw notAllowedForGuests();
  if (actor.isBot) throw badRequest('This endpoint does not accept bot requests.');
  const name = cmd.emoji_name.trim().replaceAll(' ', '_');
  if (name === '') throw badRequest('Emoji name is missing');
  if (!VALID_NAME.test(name)) {
    throw badRequest(
      ONLY_NAME_CHARACTERS.test(name)
        ? 'Emoji names must end with either a letter or digit.'
        : 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
  }
  if (!hasRealmPermission(state.membership, actor, state.realm, 'can_add_custom_emoji_group')) throw badRequest('Insufficient permission');
  if (activeNamed(state.emoji, name)) throw badRequest('A custom emoji with this name already exists.');
  if (unicodeEmoji().nameToCode.has(name) && actor.role > Role.ADMINISTRATOR)
    throw badRequest('Only administrators can override default emoji.');
  if (cmd.file.size > MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024)
    throw badRequest(`Uploaded file is larger than the allowed limit of ${MAX_EMOJI_FILE_SIZE_MIB} MiB`);
  const contentType = imageTypeOf(cmd.file);
  if (contentType === undefined) throw new DomainError('BAD_IMAGE', 'Invalid image format');
  return { name, contentType };
}

/**
 * The part's bare content type, or one guessed from the file name when the client sent none. A
 * part without a type reaches the gateway as `text/plain` (multipart's default), as the Python
 * client sends its files, so that one is guessed too.
 */
function imageTypeOf(file: StoredFile): string | undefined {
  const sent = file.contentType.split(';')[0]!.trim().toLowerCase();
  if (EMOJI_IMAGE_TYPES.has(sent)) return sent;
  if (!['', 'application/octet-stream', 'text/plain'].includes(sent)) return undefined;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const guessed = extension === 'jpeg' ? 'image/jpeg' : [...EMOJI_IMAGE_TYPES].find(([, ext]) => ext === `.${extension}`)?.[0];
  return guessed;
}

/** The emoji, once its images are stored under `fileName`. */
export function decideAddCustomEmoji(
  accepted: AcceptedEmojiUpload,
  image: { fileName: string; isAnimated: boolean },
  state: AddCustomEmojiState,
): UsersNewEvent[] {
  const emojiId = state.emoji.lastEmojiId + 1;
  return [
    {
      type: 'custom_emoji.added.v1',
      aggregateId: CUSTOM_EMOJI_AGGREGATE,
      sequence: state.emoji.version + 1,
      data: { emojiId, name: accepted.name, fileName: image.fileName, isAnimated: image.isAnimated, authorId: state.actor.userId },
    },
  ];
}
