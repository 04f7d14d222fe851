/** `tsx infra/stack/cli.ts up|down|status` — what `npm run stack:*` runs (through infra/bin/run.mjs). */
import { cacheDir, dataDir } from './paths';
import { formatStatus, stackDown, stackStatus, stackUp } from './stack';
import { errorMessage } from './util';
import { localSecrets } from '../system/local-secrets';

const USAGE = 'usage: stack up | down | status';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const began = Date.now();
  switch (command) {
    case 'up': {
      console.log(`stack: data in ${dataDir()}, cache in ${cacheDir()}`);
      // Made before a data folder's first start, which would otherwise count as a stack of before
      // the secrets file, and keep the public development secrets.
      localSecrets();
      await stackUp();
      console.log(`stack: up in ${((Date.now() - began) / 1000).toFixed(1)} s`);
      return 0;
    }
    case 'down':
      await stackDown();
      return 0;
    case 'status': {
      const status = await stackStatus();
      console.log(formatStatus(status));
      return status.healthy ? 0 : 1;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(errorMessage(error));
    process.exit(1);
  },
);
