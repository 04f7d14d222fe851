/**
 * `npm run contracts`: writes docs/asyncapi.yaml and docs/event-schemas/<type>.json from the zod
 * contracts (see event-schemas.ts). Run it after changing an event; a test fails until it is.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventSchemaFiles } from './event-schema-files';

const repoRoot = path.resolve(__dirname, '..', '..');
const files = eventSchemaFiles();
const schemasDir = path.join(repoRoot, 'docs', 'event-schemas');
mkdirSync(schemasDir, { recursive: true });
// A schema of an event no longer published goes with it.
for (const name of readdirSync(schemasDir)) if (!files.has(`docs/event-schemas/${name}`)) rmSync(path.join(schemasDir, name));
for (const [file, content] of files) writeFileSync(path.join(repoRoot, file), content);
console.log(`contracts: wrote ${files.size} files (docs/asyncapi.yaml, docs/event-schemas/)`);
