import { readFileSync } from 'node:fs';
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
  const { values, problems } = withFileValues(Object.keys(schema.shape), env);
  if (problems.length > 0) throw new ConfigError(problems);
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = values[name];
      const fromFile = env[name] === undefined && env[`${name}_FILE`] !== undefined ? ` (from ${name}_FILE)` : '';
      return `${name}=${value === undefined ? '(unset)' : SECRET_NAME.test(name) ? '(hidden)' : JSON.stringify(value)}${fromFile}: ${issue.message}`;
    }),
  );
}

/**
 * Docker's convention for secrets: a variable `X` unset and `X_FILE` naming a file (a compose or
 * Kubernetes secret mounted read-only) takes the file's content, less a final line break. Set
 * both, `X` wins.
 */
function withFileValues(names: readonly string[], env: NodeJS.ProcessEnv): { values: NodeJS.ProcessEnv; problems: string[] } {
  const values = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const file = env[`${name}_FILE`];
    if (env[name] !== undefined || file === undefined) continue;
    try {
      values[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${name}_FILE=${JSON.stringify(file)}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return { values, problems };
}
