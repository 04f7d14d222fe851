import { realmSection } from './realm.section';
import { userStatusSection } from '../user-status/user-status.section';
import type { RegisterSection } from './register-section';

/** Every fetch type this server answers in `POST /register`. */
export const REGISTER_SECTIONS: readonly RegisterSection[] = [realmSection, userStatusSection];
