/**
 * Writes `zulip-operations.json`: every operation (method, path, operationId) of Zulip's OpenAPI
 * document at the feature level this server speaks. The coverage test walks that file; run this
 * again when the API level moves:
 *
 *   npx tsx e2e/src/api-coverage/extract-operations.ts <path of Zulip's zulip.yaml>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';

const source = process.argv[2];
if (!source) throw new Error('usage: extract-operations.ts <zulip OpenAPI yaml>');
const document = load(readFileSync(source, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(document.paths).flatMap(([route, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), path: route, operationId: op.operationId ?? null })),
);
writeFileSync(path.join(__dirname, 'zulip-operations.json'), `${JSON.stringify(operations, null, 1)}\n`);
console.log(`${operations.length} operations`);
