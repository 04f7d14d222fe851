import { z } from 'zod';
import { UserId } from '../user-fields';

/** A user configured a navigation view: a built-in one (`name` null) or a custom one. */
export const NavigationViewAddedV1 = z.object({
  type: z.literal('navigation_view.added.v1'),
  data: z.object({ userId: UserId, fragment: z.string(), isPinned: z.boolean(), name: z.string().nullable() }),
});
export type NavigationViewAddedV1 = z.infer<typeof NavigationViewAddedV1>;
