import type { PushRepository } from '../projection/push.repository';

/** What every push handler works with. */
export interface PushDeps {
  repo: PushRepository;
  /** Whether registrations have a push bouncer to go to (`PUSH_BOUNCER_URL`). */
  bouncerConfigured: boolean;
}
