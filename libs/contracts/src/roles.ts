import { z } from 'zod';

/** Zulip's role codes: a smaller number is a stronger role. */
export const Role = {
  OWNER: 100,
  ADMINISTRATOR: 200,
  MODERATOR: 300,
  MEMBER: 400,
  GUEST: 600,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const RoleSchema = z.union([
  z.literal(Role.OWNER),
  z.literal(Role.ADMINISTRATOR),
  z.literal(Role.MODERATOR),
  z.literal(Role.MEMBER),
  z.literal(Role.GUEST),
]);

/** Whether `role` is at least as strong as `required`. */
export const hasRole = (role: Role, required: Role): boolean => role <= required;
