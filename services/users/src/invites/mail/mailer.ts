import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { UsersConfig } from '../../config';
import type { MailMessage } from './invitation-email';

export type SendOutcome = 'sent' | 'already-sent';

/** Sends each message once per id: a retried or redelivered job does not mail twice. */
export interface Mailer {
  readonly description: string;
  send(id: string, message: MailMessage): Promise<SendOutcome>;
  /** Resolves when mail can go out (the health answer's `mail`), rejects saying why not. */
  check(): Promise<void>;
  close(): void;
}

export const MAILER = Symbol('MAILER');

type MailConfig = Pick<
  UsersConfig,
  'SMTP_URL' | 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'EMAIL_OUTBOX_DIR' | 'ZULIP_DATA_DIR'
>;

const SENT_MARK_TTL_SECONDS = 30 * 24 * 3600;
/**
 * How long an SMTP server's answer to a check stands: each check opens a connection and logs in,
 * which a health probe every few seconds would turn into a flood a mail provider may throttle.
 */
const SMTP_CHECK_EVERY_MS = 60_000;

export const outboxDir = (config: Pick<MailConfig, 'EMAIL_OUTBOX_DIR' | 'ZULIP_DATA_DIR'>): string =>
  path.resolve(config.EMAIL_OUTBOX_DIR ?? path.join(config.ZULIP_DATA_DIR, 'outbox'));

/** SMTP when configured, else the outbox folder. */
export function createMailer(config: MailConfig, redis: Redis): Mailer {
  if (config.SMTP_URL || config.SMTP_HOST) return smtpMailer(config, redis);
  return outboxMailer(outboxDir(config));
}

/** Each message as `<id>.eml`, created exclusively: the file's existence is the "sent" record. */
export function outboxMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox ${dir}`,
    async send(id, message) {
      const { message: raw } = (await transport.sendMail(message)) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      try {
        await writeFile(path.join(dir, `${id}.eml`), raw, { flag: 'wx' });
        return 'sent';
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'already-sent';
        throw error;
      }
    },
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
    close: () => transport.close(),
  };
}

/**
 * SMTP through nodemailer, with a Redis mark per id set after the server accepted the message
 * (a crash between the two can still send once more: mail is at-least-once).
 */
function smtpMailer(config: MailConfig, redis: Redis): Mailer {
  const auth = config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined;
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ host: config.SMTP_HOST, port: config.SMTP_PORT, secure: config.SMTP_SECURE, auth });
  const mark = (id: string) => `users:mail-sent:${id}`;
  let checked: { at: number; answer: Promise<void> } | undefined;
  return {
    description: `SMTP ${config.SMTP_URL ? new URL(config.SMTP_URL).host : `${config.SMTP_HOST}:${config.SMTP_PORT}`}`,
    async send(id, message) {
      if (await redis.exists(mark(id))) return 'already-sent';
      await transport.sendMail(message);
      await redis.set(mark(id), new Date().toISOString(), 'EX', SENT_MARK_TTL_SECONDS);
      return 'sent';
    },
    check() {
      if (!checked || Date.now() - checked.at >= SMTP_CHECK_EVERY_MS)
        checked = { at: Date.now(), answer: transport.verify().then(() => undefined) };
      return checked.answer;
    },
    close: () => transport.close(),
  };
}
