import { realmFiltersSection, realmLinkifiersSection } from '../linkifiers/linkifiers.section';
import { navigationViewsSection } from '../navigation-views/navigation-views.section';
import { playgroundsSection } from '../playgrounds/playgrounds.section';
import { savedSnippetsSection } from '../saved-snippets/saved-snippets.section';
import {
  legacyDisplaySettingsSection,
  legacyNotificationSettingsSection,
  realmUserSettingsDefaultsSection,
  userSettingsSection,
} from '../user-settings/user-settings.sections';
import { customProfileFieldsSection } from '../profile-fields/profile-fields.section';
import { realmSection } from './realm.section';
import { userStatusSection } from '../user-status/user-status.section';
import type { RegisterSection } from './register-section';
import { userGroupsSection } from './user-groups.section';
import { presenceSection } from '../presence/presence.section';
import { realmUserSection } from './realm-user.section';
import { realmEmojiSection } from './realm-emoji.section';
import { ABSENT_FEATURE_SECTIONS } from './absent-features.section';

/** Every fetch type this server answers in `POST /register`. */
export const REGISTER_SECTIONS: readonly RegisterSection[] = [
  realmSection,
  realmUserSettingsDefaultsSection,
  userSettingsSection,
  legacyDisplaySettingsSection,
  legacyNotificationSettingsSection,
  navigationViewsSection,
  savedSnippetsSection,
  playgroundsSection,
  realmLinkifiersSection,
  realmFiltersSection,
  customProfileFieldsSection,
  userGroupsSection,
  userStatusSection,
  realmUserSection,
  presenceSection,
  realmEmojiSection,
  ...ABSENT_FEATURE_SECTIONS,
];
