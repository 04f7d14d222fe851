/** Shared by every jest project: TypeScript through swc (with Nest's decorator metadata), sources of our libraries mapped directly. */
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@zulip-es/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
    '^@zulip-es/platform$': path.join(__dirname, 'libs/platform/src/index.ts'),
    '^@zulip-es/event-queues$': path.join(__dirname, 'libs/event-queues/src/index.ts'),
    '^@zulip-es/message-flags$': path.join(__dirname, 'libs/message-flags/src/index.ts'),
    '^@zulip-es/zulip-rules$': path.join(__dirname, 'libs/zulip-rules/src/index.ts'),
    '^@zulip-es/zulip-emoji$': path.join(__dirname, 'libs/zulip-emoji/src/index.ts'),
    '^@zulip-es/zulip-markdown$': path.join(__dirname, 'libs/zulip-markdown/src/index.ts'),
    '^@zulip-es/testing$': path.join(__dirname, 'libs/testing/src/index.ts'),
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
};
