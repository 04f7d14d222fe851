import { z } from 'zod';
import { CustomProfileFieldDefinition } from '../profile-field-types';

export const CustomProfileFieldCreatedV1 = z.object({
  type: z.literal('custom_profile_field.created.v1'),
  data: z.object({ field: CustomProfileFieldDefinition }),
});
export type CustomProfileFieldCreatedV1 = z.infer<typeof CustomProfileFieldCreatedV1>;
