import type { RegisterSection } from '../register/register-section';
import { PROFILE_FIELD_TYPES } from './profile-field-definition';
import { profileFieldsView } from '@zulip-es/zulip-rules';

/** Fetch type `custom_profile_fields`: the organization's fields and the types it may use. */
export const customProfileFieldsSection: RegisterSection = {
  fetchType: 'custom_profile_fields',
  async state({ repo }) {
    return {
      custom_profile_fields: profileFieldsView((await repo.profileFieldsState()).fields),
      custom_profile_field_types: PROFILE_FIELD_TYPES,
    };
  },
};
