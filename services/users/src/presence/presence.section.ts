import type { RegisterSection } from '../register/register-section';
import { readPresences } from './read-presences';

/**
 * Fetch type `presence`: everyone's presence the caller may see, keyed by user id in the modern
 * form with `slim_presence`, by email in the legacy form without (as `POST /register` answers it).
 */
export const presenceSection: RegisterSection = {
  fetchType: 'presence',
  async state(ctx) {
    return readPresences(ctx, ctx.realm, ctx.actor, ctx.now, { format: ctx.params.slim_presence ? 'modern' : 'legacy' });
  },
};
