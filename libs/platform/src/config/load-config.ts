import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Variables whose values a report leaves out: it goes to logs. */
const SECRET_NAME = /SECRET|PASSWORD|_KEY$|_KEYS$/;

/**
 * Reads configuration from the environment through a zod schema. Every bad variable is reported
 * by name with what was wrong, so an operator fixes them all in one go.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = env[name];
      return `${name}=${value === undefined ? '(unset)' : SECRET_NAME.test(name) ? '(hidden)' : JSON.stringify(value)}: ${issue.message}`;
    }),
  );
}
