import type { Projector } from '../projection/projector';
import { applyToDocument } from '../projection/projector';
import type { UsersRepository } from '../projection/users.repository';
import { evolveProfileFields, PROFILE_FIELDS_AGGREGATE, type ProfileFieldsEvent } from './profile-fields.state';

const PROFILE_FIELDS_EVENTS: readonly ProfileFieldsEvent['type'][] = [
  'custom_profile_field.created.v1',
  'custom_profile_field.updated.v1',
  'custom_profile_field.deleted.v1',
  'custom_profile_fields.reordered.v1',
];

/** The organization's profile form: one document, `custom_profile_fields`. */
export const profileFieldsProjector = (repo: UsersRepository): Projector => ({
  types: PROFILE_FIELDS_EVENTS,
  async apply(event, envelope) {
    await applyToDocument(repo.profileFields, PROFILE_FIELDS_AGGREGATE, envelope.sequence, (current) =>
      evolveProfileFields(current, event as ProfileFieldsEvent, envelope.sequence),
    );
  },
});
