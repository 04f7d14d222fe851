/**
 * Rewrites a backup so that no password hash or API key material stays on `users.events`
 * (docs/operations.md, "Moving credentials off users.events"):
 *
 *   npm run move-credentials -- <backup dir> <new backup dir>
 */
import path from 'node:path';
import { runMain } from '@zulip-es/platform';
import { moveCredentialsInArchive, MoveRefused } from './move-credentials-archive';

runMain(async () => {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error('usage: npm run move-credentials -- <backup dir> <new backup dir>');
    process.exit(2);
  }
  const began = Date.now();
  try {
    const { moved, records } = await moveCredentialsInArchive(path.resolve(from), path.resolve(to));
    console.log(
      `move-credentials: ${records} records read, the credentials of ${moved} users moved to users.credentials, in ${Date.now() - began} ms`,
    );
    console.log(`restore it into empty topics: npm run restore -- ${to}`);
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    console.error(`move-credentials refused: ${error.message}`);
    process.exit(1);
  }
});
