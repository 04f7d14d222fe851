import { z } from 'zod';
import { UserId } from '../user-fields';

/**
 * A user's sign-in material, in derived form only: `passwordHash` is scrypt (null: no password,
 * as for bots), `apiKeyHash` SHA-256 of the API key, `apiKeyNonce` what the users service derives
 * the key from with its key secret. The latest one of a user is theirs.
 */
export const UserCredentialsIssuedV1 = z.object({
  type: z.literal('user.credentials_issued.v1'),
  data: z.object({
    userId: UserId,
    passwordHash: z.string().nullable(),
    apiKeyHash: z.string().regex(/^[0-9a-f]{64}$/),
    apiKeyNonce: z.string().min(16),
  }),
});
export type UserCredentialsIssuedV1 = z.infer<typeof UserCredentialsIssuedV1>;
