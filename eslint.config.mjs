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
];
