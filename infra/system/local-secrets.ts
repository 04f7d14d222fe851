import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_SECRETS, type SecretName } from '../../libs/platform/src/config/secrets';
import { dataDir, partDir } from '../stack/paths';

export type LocalSecrets = Record<SecretName, string>;

export const secretsFile = (): string => path.join(dataDir(), 'secrets.json');

/**
 * The secrets the services of a local system get (`npm start`, `npm test`, `npm run bench`):
 * random on the first start of a data folder, then kept in `<data>/secrets.json` (mode 600), as
 * API keys and invitation links are derived from them. A data folder whose stack was set up
 * before that file existed was made with the public development secrets: it keeps those, or
 * every API key it issued would stop working. A secret set in the environment wins.
 *
 * Call it before the stack first starts in a new data folder.
 */
export function localSecrets(env: NodeJS.ProcessEnv = process.env): LocalSecrets {
  const kept = existsSync(secretsFile()) ? (JSON.parse(readFileSync(secretsFile(), 'utf8')) as LocalSecrets) : createSecrets();
  const fromEnv = Object.fromEntries(Object.keys(DEVELOPMENT_SECRETS).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  return { ...kept, ...fromEnv };
}

function createSecrets(): LocalSecrets {
  const madeBefore = existsSync(path.join(partDir('kafka'), 'data', 'meta.properties'));
  const secrets = Object.fromEntries(
    Object.entries(DEVELOPMENT_SECRETS).map(([name, developmentValue]) => [
      name,
      madeBefore ? developmentValue : randomBytes(32).toString('hex'),
    ]),
  ) as LocalSecrets;
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(secretsFile(), `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
