/**
 * The operator's command that creates the organization and its owner (a one-shot job of
 * docker compose, or `node services/users/dist/create-organization.js` beside a deployment):
 * writes the owner's zuliprc, and the password it made when none was given, to CREDENTIALS_DIR.
 * Run again, it keeps the organization and writes the owner's zuliprc again.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { Email, FullName, Password } from '@zulip-es/contracts';
import { KafkaConnectionSchema, loadConfig, runMain } from '@zulip-es/platform';
import { createOrganization, zuliprc } from './bootstrap-realm/create-organization';

const Settings = z.object({
  ...KafkaConnectionSchema.shape,
  REALM_URL: z.url(),
  ZULIP_REALM_NAME: z.string().min(1).max(40).default('Zulip ES'),
  ZULIP_OWNER_EMAIL: z.email().pipe(Email),
  ZULIP_OWNER_NAME: FullName.default('Organization Owner'),
  /** Or ZULIP_OWNER_PASSWORD_FILE; a random one is made (and written beside the zuliprc) without either. */
  ZULIP_OWNER_PASSWORD: Password.optional(),
  CREDENTIALS_DIR: z.string().min(1).default('credentials'),
  CREATE_ORGANIZATION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
});

runMain(async () => {
  const settings = loadConfig(Settings);
  const password = settings.ZULIP_OWNER_PASSWORD ?? randomBytes(18).toString('base64url');
  const owner = await createOrganization(
    {
      realmName: settings.ZULIP_REALM_NAME,
      ownerEmail: settings.ZULIP_OWNER_EMAIL,
      ownerFullName: settings.ZULIP_OWNER_NAME,
      ownerPassword: password,
    },
    settings,
    settings.CREATE_ORGANIZATION_TIMEOUT_MS,
  );
  const dir = path.resolve(settings.CREDENTIALS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const rc = path.join(dir, 'zuliprc');
  writeFileSync(rc, zuliprc(owner.email, owner.api_key, settings.REALM_URL), { mode: 0o600 });
  const made = owner.created && settings.ZULIP_OWNER_PASSWORD === undefined;
  if (made) writeFileSync(path.join(dir, 'owner-password'), `${password}\n`, { mode: 0o600 });
  console.log(
    `${owner.created ? 'Created' : 'Kept'} the organization (realm ${owner.realm_id}); its owner ${owner.email} (user ${owner.owner_id}).\n` +
      `The owner's zuliprc: ${rc}${made ? `\nThe owner's password: ${path.join(dir, 'owner-password')}` : ''}`,
  );
  process.exit(0);
});
