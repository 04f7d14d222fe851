import { UsersEvent, type EventEnvelope } from '@zulip-es/contracts';
import { type Projection, projectionDatabase } from '@zulip-es/platform';
import type { Projector } from './projector';
import { projectors } from './projectors';
import type { UsersRepository } from './users.repository';

/**
 * See `Projection.version` (it names the service's database): 1 is the first versioned shape (realm settings with group
 * settings); 2 adds `messageEditHistoryVisibilityPolicy` to the realm's message edit settings;
 * 3 adds the realm settings `PATCH /realm` does not change yet (`FixedRealmSettings`) and the
 * group settings of `FIXED_REALM_GROUP_SETTINGS`, with their defaults; 4 adds custom emoji
 * (`custom_emoji`) and makes `can_add_custom_emoji_group` a setting `PATCH /realm` changes,
 * members by default (it was "nobody" while this server had no custom emoji); 5 adds the
 * realm setting `inlineImagePreview`, on by default; 6 adds reusable invitation links
 * (`invitation_links`, `invitation_link_keys`, invitations' `linkId`) and makes
 * `create_multiuse_invite_group` a setting `PATCH /realm` changes, administrators by default
 * (it was "nobody" while this server had no such links).
 */
export const USERS_PROJECTION_VERSION = 6;
/** The service's database: its projection at this version (see projectionDatabase). */
export const USERS_DATABASE = projectionDatabase('users', USERS_PROJECTION_VERSION);

/**
 * Applies users events to Mongo through the projector of each area. Each document remembers the
 * sequence of the last event applied to it, so an event delivered again changes nothing.
 */
export class UsersProjection implements Projection {
  readonly version = USERS_PROJECTION_VERSION;
  private readonly byType = new Map<string, Projector>();

  constructor(repo: UsersRepository) {
    for (const projector of projectors(repo)) {
      for (const type of projector.types) {
        if (this.byType.has(type)) throw new Error(`two projectors apply ${type}`);
        this.byType.set(type, projector);
      }
    }
  }

  /** Event types no projector applies (a unit test keeps this empty). */
  unhandledTypes(): string[] {
    return UsersEvent.options.map((o) => o.shape.type.value).filter((type) => !this.byType.has(type));
  }

  async apply(envelope: EventEnvelope): Promise<void> {
    const event = UsersEvent.parse({ type: envelope.type, data: envelope.data });
    const projector = this.byType.get(event.type);
    if (!projector) throw new Error(`no projector applies ${event.type}`);
    await projector.apply(event, envelope);
  }
}
