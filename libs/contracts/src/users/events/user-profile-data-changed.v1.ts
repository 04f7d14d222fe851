import { z } from 'zod';
import { UserId } from '../user-fields';

/** A user's values for some custom profile fields; `value: null` clears the field. */
export const UserProfileDataChangedV1 = z.object({
  type: z.literal('user.profile_data_changed.v1'),
  data: z.object({
    userId: UserId,
    changes: z.array(
      z.object({
        fieldId: z.number().int().positive(),
        value: z.string().nullable(),
        /** HTML of a short or long text value (Markdown). */
        renderedValue: z.string().optional(),
      }),
    ),
  }),
});
export type UserProfileDataChangedV1 = z.infer<typeof UserProfileDataChangedV1>;
