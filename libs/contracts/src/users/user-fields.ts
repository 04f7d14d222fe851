import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_FULL_NAME_LENGTH, MAX_PASSWORD_LENGTH } from '../limits';
import { RoleSchema } from '../roles';

export const UserId = z.number().int().positive();
export const Email = z.string().max(MAX_EMAIL_LENGTH);
export const FullName = z.string().max(MAX_FULL_NAME_LENGTH);
export const Password = z.string().max(MAX_PASSWORD_LENGTH);

/** Zulip's email visibility levels: 1 everyone, 2 members, 3 admins, 4 nobody, 5 moderators. */
export const EmailAddressVisibility = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type EmailAddressVisibility = z.infer<typeof EmailAddressVisibility>;
export { RoleSchema };
