/**
 * `npm run bench`: the system against its floors, measured in one run on this machine (see
 * ../shared/PERFORMANCE.md). Runs on a stack of its own (bench-stack.ts: data in
 * <data dir>/bench, the configured ports moved by ZULIP_BENCH_PORT_OFFSET), never on the one
 * `npm test` uses: brings it up if it is down (and down again after), builds, starts the services
 * on ports of their own, loads them, prints the tables and writes them to <data dir>/bench/report.md.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { partDir, type PartName } from '../infra/stack/paths';
import { stackDown, stackStatus } from '../infra/stack/stack';
import { stackUpAndBuild } from '../infra/system/build';
import { localSecrets } from '../infra/system/local-secrets';
import { useBenchStack } from './bench-stack';
import { markdownTable, textTable } from './lib/table';
import { BENCH_PARTS, measureAll } from './measure';
import { benchTables } from './report/tables';

const STACK_PARTS: readonly PartName[] = ['kafka', 'mongo', 'redis', 'minio'];

async function main(): Promise<number> {
  const began = Date.now();
  const stack = useBenchStack();
  console.log(stack.description);
  const benchDir = stack.dataDir;
  const startedStack = !(await stackStatus()).healthy;
  // A run on a stack it starts begins from empty stores: its figures do not depend on what earlier
  // runs left (the topic deletion's fill replays the messages' whole events topic).
  if (startedStack) for (const part of STACK_PARTS) rmSync(partDir(part), { recursive: true, force: true });
  try {
    localSecrets(); // made before the bench stack's first start: the system under test reads them
    await stackUpAndBuild();
    // `npm run bench -- topic-deletion rebuild`: only those parts (default: every part).
    const asked = process.argv.slice(2);
    const unknown = asked.filter((a) => !(BENCH_PARTS as readonly string[]).includes(a));
    if (unknown.length > 0) throw new Error(`bench: unknown part(s) ${unknown.join(', ')}; parts: ${BENCH_PARTS.join(', ')}`);
    const results = await measureAll(benchDir, new Set(asked.length > 0 ? (asked as (typeof BENCH_PARTS)[number][]) : BENCH_PARTS));
    const tables = benchTables(results);
    const seconds = ((Date.now() - began) / 1000).toFixed(0);
    console.log(`\n${tables.map(textTable).join('\n\n')}\n\nbench: ${seconds} s in all`);
    const report = path.join(benchDir, 'report.md');
    mkdirSync(benchDir, { recursive: true });
    writeFileSync(
      report,
      `# npm run bench, ${new Date().toISOString()}\n\n${tables.map(markdownTable).join('\n\n')}\n\nTotal: ${seconds} s.\n`,
    );
    console.log(`bench: report in ${report}`);
    return 0;
  } finally {
    if (startedStack) await stackDown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
