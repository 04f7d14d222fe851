import { z } from 'zod';

/** The users' values of the field are cleared by `user.profile_data_changed.v1` events of the same command. */
export const CustomProfileFieldDeletedV1 = z.object({
  type: z.literal('custom_profile_field.deleted.v1'),
  data: z.object({ fieldId: z.number().int().positive() }),
});
export type CustomProfileFieldDeletedV1 = z.infer<typeof CustomProfileFieldDeletedV1>;
