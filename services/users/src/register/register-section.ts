import type { OperationData, registerQueue } from '@zulip-es/contracts';
import type { RealmState } from '../domain/realm.state';
import type { UserState } from '../domain/user.state';
import type { UsersDeps } from '../shared/users-deps';

export interface RegisterContext extends UsersDeps {
  realm: RealmState;
  actor: UserState;
  params: OperationData<typeof registerQueue>;
  now: Date;
}

/**
 * The initial state of one of Zulip's fetch types (`realm`, `custom_profile_fields`, …) in the
 * `POST /register` response. Each area adds its own section to `register-sections.ts`.
 */
export interface RegisterSection {
  fetchType: string;
  state(ctx: RegisterContext): Promise<Record<string, unknown>>;
}
