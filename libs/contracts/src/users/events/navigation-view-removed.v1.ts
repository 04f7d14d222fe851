import { z } from 'zod';
import { UserId } from '../user-fields';

export const NavigationViewRemovedV1 = z.object({
  type: z.literal('navigation_view.removed.v1'),
  data: z.object({ userId: UserId, fragment: z.string() }),
});
export type NavigationViewRemovedV1 = z.infer<typeof NavigationViewRemovedV1>;
