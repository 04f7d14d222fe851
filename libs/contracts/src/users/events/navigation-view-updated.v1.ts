import { z } from 'zod';
import { UserId } from '../user-fields';

/** A user's navigation view changed; only the changed fields are present. */
export const NavigationViewUpdatedV1 = z.object({
  type: z.literal('navigation_view.updated.v1'),
  data: z.object({ userId: UserId, fragment: z.string(), isPinned: z.boolean().optional(), name: z.string().optional() }),
});
export type NavigationViewUpdatedV1 = z.infer<typeof NavigationViewUpdatedV1>;
