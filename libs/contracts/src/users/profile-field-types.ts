import { z } from 'zod';

/** Zulip's custom profile field types (CustomProfileField.field_type). */
export const ProfileFieldType = {
  SHORT_TEXT: 1,
  LONG_TEXT: 2,
  SELECT: 3,
  DATE: 4,
  URL: 5,
  USER: 6,
  EXTERNAL_ACCOUNT: 7,
  PRONOUNS: 8,
} as const;
export type ProfileFieldType = (typeof ProfileFieldType)[keyof typeof ProfileFieldType];
export const ProfileFieldTypeSchema = z.union(
  Object.values(ProfileFieldType).map((t) => z.literal(t)) as [z.ZodLiteral<ProfileFieldType>, ...z.ZodLiteral<ProfileFieldType>[]],
);

/** CustomProfileField.NAME_MAX_LENGTH and HINT_MAX_LENGTH. */
export const PROFILE_FIELD_NAME_MAX_LENGTH = 40;
export const PROFILE_FIELD_HINT_MAX_LENGTH = 80;
/** CustomProfileField.MAX_DISPLAY_IN_PROFILE_SUMMARY_FIELDS. */
export const MAX_PROFILE_SUMMARY_FIELDS = 2;

/** One field of the organization's profile form, as events carry it. */
export const CustomProfileFieldDefinition = z.object({
  id: z.number().int().positive(),
  type: ProfileFieldTypeSchema,
  name: z.string(),
  hint: z.string(),
  /** Zulip's `field_data` text: compact JSON for list-of-options and external-account fields, else "". */
  fieldData: z.string(),
  order: z.number().int(),
  required: z.boolean(),
  editableByUser: z.boolean(),
  displayInProfileSummary: z.boolean(),
});
export type CustomProfileFieldDefinition = z.infer<typeof CustomProfileFieldDefinition>;

/** A user's value for one field: Zulip stores text (person pickers as a JSON list of ids). */
export const ProfileFieldValue = z.object({
  value: z.string(),
  /** Markdown rendered to HTML, only for short and long text fields. */
  renderedValue: z.string().optional(),
});
export type ProfileFieldValue = z.infer<typeof ProfileFieldValue>;
