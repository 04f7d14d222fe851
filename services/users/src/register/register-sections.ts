import { customProfileFieldsSection } from '../profile-fields/profile-fields.section';
import { realmSection } from './realm.section';
import type { RegisterSection } from './register-section';

/** Every fetch type this server answers in `POST /register`. */
export const REGISTER_SECTIONS: readonly RegisterSection[] = [realmSection, customProfileFieldsSection];
