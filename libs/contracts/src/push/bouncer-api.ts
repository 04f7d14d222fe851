import { z } from 'zod';
import { BouncerRegistrationError } from './push-device';

/**
 * The push bouncer's HTTP API, as servers call it (Zulip's `remotes/push/e2ee/register`): form
 * fields, HTTP Basic with the server's uuid and API key.
 */
export const BOUNCER_REGISTER_PATH = '/api/v1/remotes/push/e2ee/register';

export const BouncerRegisterRequest = z.object({
  push_account_id: z.coerce.number().int(),
  bouncer_public_key: z.string().min(1),
  encrypted_push_registration: z.string().min(1),
});
export type BouncerRegisterRequest = z.infer<typeof BouncerRegisterRequest>;

export const BouncerRegisterReply = z.union([
  z.object({ result: z.literal('success'), device_id: z.number().int().positive() }),
  z.object({ result: z.literal('error'), code: BouncerRegistrationError, msg: z.string() }),
]);
export type BouncerRegisterReply = z.infer<typeof BouncerRegisterReply>;
