// Lint rules, and the architecture's boundaries as Nx tags:
// - libs/contracts (type:contracts) imports nothing of ours;
// - libs/platform builds on contracts only;
// - libs/event-queues (type:queues, Zulip's event queues in Redis) builds on contracts only;
// - a service (type:service) never imports another service, only the shared libraries (and,
//   in its tests, libs/testing);
// - tests (type:testing, type:e2e) may use the libraries but no service's code.
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** A service's code: a path into services/, or a service's workspace package. */
const SERVICE_CODE = /(^|\/)services\/|^@zulip-es\/(gateway|users|messages|uploads|push|realtime)(\/|$)/;
const NOT_FROM_BENCH =
  "bench uses the system through its public interfaces only (the gateway's HTTP API, the topics of libs/contracts, libs/*, the operator's commands), never a service's code.";

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  // Layout is Prettier's alone (checked by `npm run lint`); no lint rule argues with it.
  prettier,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:queues', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:rules', onlyDependOnLibsWithTags: ['type:contracts', 'type:rules'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:queues', 'type:rules', 'type:testing'],
            },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:queues', 'type:testing'] },
          ],
        },
      ],
    },
  },
  // The bench measures the system as its users see it: the gateway's HTTP API, the Kafka topics
  // and schemas of libs/contracts, the shared libraries and the operator's commands, never a
  // service's code. It is no Nx project, so the boundaries above do not reach it.
  {
    files: ['bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: SERVICE_CODE.source, message: NOT_FROM_BENCH }] }],
      // import() is no import declaration; require() is refused for every path already.
      'no-restricted-syntax': ['error', { selector: `ImportExpression > Literal.source[value=${SERVICE_CODE}]`, message: NOT_FROM_BENCH }],
    },
  },
];
