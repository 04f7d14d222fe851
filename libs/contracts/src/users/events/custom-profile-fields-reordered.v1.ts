import { z } from 'zod';

/** The ids as the administrator sent them: a field's `order` becomes its (last) index here; other ids are ignored. */
export const CustomProfileFieldsReorderedV1 = z.object({
  type: z.literal('custom_profile_fields.reordered.v1'),
  data: z.object({ order: z.array(z.number().int()) }),
});
export type CustomProfileFieldsReorderedV1 = z.infer<typeof CustomProfileFieldsReorderedV1>;
