/**
 * Three kinds of tests, told apart by their suffix:
 * - unit: pure logic, no infrastructure;
 * - int: one service or library against the real Kafka, Mongo-compatible store, Redis and MinIO;
 * - e2e: the whole system over HTTP, as a Zulip client uses it.
 * int and e2e share one running system, started once per run by the global setup.
 */
const preset = require('./jest.preset');

const roots = ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/e2e', '<rootDir>/infra'];
const system = {
  globalSetup: '<rootDir>/infra/testing/global-setup.ts',
  globalTeardown: '<rootDir>/infra/testing/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/infra/testing/system-test-timeout.ts', '<rootDir>/infra/testing/kafkajs-preload.ts'],
};

module.exports = {
  projects: [
    { ...preset, displayName: 'unit', roots, testMatch: ['**/*.unit.spec.ts'] },
    { ...preset, ...system, displayName: 'int', roots, testMatch: ['**/*.int.spec.ts'] },
    { ...preset, ...system, displayName: 'e2e', roots, testMatch: ['**/*.e2e.spec.ts'] },
  ],
};
