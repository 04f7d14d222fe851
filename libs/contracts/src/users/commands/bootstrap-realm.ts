import { z } from 'zod';
import { Email, FullName, Password } from '../user-fields';

/**
 * Not a REST operation: `npm start` sends it once to create the organization and its owner.
 * Repeating it is harmless: an existing organization is kept and its owner returned.
 */
export const BOOTSTRAP_REALM = 'realm.bootstrap';
export const BootstrapRealm = z.object({
  realmName: z.string().min(1).max(40),
  ownerEmail: Email,
  ownerFullName: FullName,
  ownerPassword: Password,
});
export type BootstrapRealm = z.infer<typeof BootstrapRealm>;

export const BootstrapRealmReply = z.object({
  realm_id: z.number().int(),
  owner_id: z.number().int(),
  email: z.string(),
  api_key: z.string(),
  created: z.boolean(),
});
export type BootstrapRealmReply = z.infer<typeof BootstrapRealmReply>;
