import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dump } from 'js-yaml';
import { asyncApiDocument, publishedEvents } from './event-schemas';

const repoRoot = path.resolve(__dirname, '..', '..');

/** The generated files, by path from the repository's root, with their content. */
export function eventSchemaFiles(): Map<string, string> {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const header = '# Generated from libs/contracts by `npm run contracts`; do not edit.\n';
  const files = new Map<string, string>([
    ['docs/asyncapi.yaml', header + dump(asyncApiDocument(version), { lineWidth: 120, noRefs: true })],
  ]);
  for (const event of publishedEvents()) files.set(`docs/event-schemas/${event.type}.json`, `${JSON.stringify(event.schema, null, 2)}\n`);
  return files;
}
