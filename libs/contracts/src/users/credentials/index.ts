import { z } from 'zod';
import { UserCredentialsIssuedV1 } from './user-credentials-issued.v1';

export * from './user-credentials-issued.v1';

/**
 * The private topic of sign-in material. Not an events topic: not published, not in the
 * AsyncAPI document; only the users service writes it, and only it and the gateway (which checks
 * API keys) read it. Compacted by user: a user's latest record stays, forever.
 */
export const CREDENTIALS_TOPIC = 'users.credentials';

/** Every record on `users.credentials`, discriminated by `type`. */
export const CredentialsEvent = z.discriminatedUnion('type', [UserCredentialsIssuedV1]);
export type CredentialsEvent = z.infer<typeof CredentialsEvent>;
