import { realmSection } from './realm.section';
import type { RegisterSection } from './register-section';
import { userGroupsSection } from './user-groups.section';

/** Every fetch type this server answers in `POST /register`. */
export const REGISTER_SECTIONS: readonly RegisterSection[] = [realmSection, userGroupsSection];
