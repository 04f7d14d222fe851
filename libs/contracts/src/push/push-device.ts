import { z } from 'zod';

/** Which push provider issued a device token. */
export const TokenKind = z.enum(['fcm', 'apns']);
export type TokenKind = z.infer<typeof TokenKind>;

/** Zulip's `push_account_id`: chosen by the client, unique among its accounts. */
export const PushAccountId = z.number().int();

/** Why the push bouncer refused a registration (its error `code`, as Zulip's bouncer answers it). */
export const BouncerRegistrationError = z.enum(['INVALID_BOUNCER_PUBLIC_KEY', 'INVALID_ENCRYPTED_PUSH_REGISTRATION', 'REQUEST_EXPIRED']);
export type BouncerRegistrationError = z.infer<typeof BouncerRegistrationError>;
