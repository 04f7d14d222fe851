import { z } from 'zod';
import { CustomProfileFieldDefinition } from '../profile-field-types';

/** The field's whole definition after the change (it is small, and its id never changes). */
export const CustomProfileFieldUpdatedV1 = z.object({
  type: z.literal('custom_profile_field.updated.v1'),
  data: z.object({ field: CustomProfileFieldDefinition }),
});
export type CustomProfileFieldUpdatedV1 = z.infer<typeof CustomProfileFieldUpdatedV1>;
