import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { systemInfo } from './system-info';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded body. */
  body: string;
}

/** Where the system under test writes its emails (no SMTP server in tests). */
export const outboxDir = (): string => {
  const dir = systemInfo().env.EMAIL_OUTBOX_DIR;
  if (!dir) throw new Error('the system under test has no EMAIL_OUTBOX_DIR');
  return dir;
};

const decodeQuotedPrintable = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function parse(file: string, raw: string): OutboxMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const body = raw.slice(split).trim();
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    body:
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : body,
  };
}

/** Every email written so far to `address`. */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(files.map(async (f) => parse(f, await readFile(path.join(dir, f), 'utf8'))));
  return mails.filter((m) => m.to.toLowerCase() === address.toLowerCase());
}

/** Waits until at least `count` emails to `address` are there. */
export async function waitForMails(address: string, count = 1, timeoutMs = 15_000): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} emails to ${address} in ${outboxDir()} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The invitation key in an invitation email's `/join/<key>/` link. */
export function invitationKeyIn(mail: OutboxMail): string {
  const key = /\/join\/([a-z0-9]{24})\//.exec(mail.body)?.[1];
  if (!key) throw new Error(`no invitation link in ${mail.file}`);
  return key;
}
