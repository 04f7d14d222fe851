import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * kafkajs loads each protocol request version the first time it is used (a consumer's first
 * heartbeat, its first commit, a gzip batch). Jest 30 refuses to load a module between two
 * tests, so a consumer a test file keeps running (an event capture) that first used one there
 * crashed with "You are trying to `require` a file outside of the scope of the test code" and
 * read nothing more: seen once in CI, five tests of push-register.e2e then waiting in vain.
 * Loading them all before the tests start leaves nothing for kafkajs to load later.
 */
const requests = path.join(path.dirname(require.resolve('kafkajs/package.json')), 'src', 'protocol', 'requests');
for (const api of readdirSync(requests, { withFileTypes: true })) {
  if (!api.isDirectory()) continue;
  for (const version of readdirSync(path.join(requests, api.name)).filter((name) => /^v\d+$/.test(name))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- into this test file's module registry, where kafkajs looks
    for (const part of ['request', 'response']) require(path.join(requests, api.name, version, part));
  }
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
require('kafkajs/src/protocol/message/compression/gzip');
