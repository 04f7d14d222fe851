import { z } from 'zod';
import { Email, Password } from '../users/user-fields';
import { defineOperation } from './operation';

/** POST /fetch_api_key: email and password in, the account's API key out. */
export const fetchApiKey = defineOperation({
  type: 'auth.fetch_api_key',
  method: 'POST',
  path: '/fetch_api_key',
  service: 'users',
  kind: 'query',
  auth: 'none',
  params: z.object({ username: Email, password: Password }),
  reply: z.strictObject({ api_key: z.string(), email: z.string(), user_id: z.int().optional() }),
  key: 'realm',
});
