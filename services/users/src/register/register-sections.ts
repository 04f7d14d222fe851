import { realmSection } from './realm.section';
import { realmUserSettingsDefaultsSection, userSettingsSection } from '../user-settings/user-settings.sections';
import type { RegisterSection } from './register-section';

/** Every fetch type this server answers in `POST /register`. */
export const REGISTER_SECTIONS: readonly RegisterSection[] = [realmSection, realmUserSettingsDefaultsSection, userSettingsSection];
