/**
 * Side effects behind a small interface: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox. nodemailer builds the message, so header
 * injection through subjects or addresses is not possible; we also refuse line breaks in them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface OutgoingMail {
  to: string;
  /** Copies the recipient sees (Send Email's Cc), ', '-separated. */
  cc?: string | null;
  bcc?: string | null;
  subject: string;
  text: string;
  /** The document's PDF; none for the ready-for-pickup e-mail. */
  attachment?: { filename: string; content: Buffer };
}

export interface SentMail {
  messageId: string;
  /** The .eml file, for the outbox driver. */
  file?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

const ONE_LINE = /[\r\n]/;

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  clock?: () => number;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? // Bounded waits (nodemailer's socket timeout is an hour): a mail server that hangs fails the
      // send within a minute, well inside the queue's claim on an e-mail (mail-queue.service.ts).
      // What the URL's query sets wins over these.
      nodemailer.createTransport(
        new SMTPTransport({
          url: opts.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 60_000,
        }),
      )
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      for (const [name, v] of [
        ['to', mail.to],
        ['cc', mail.cc ?? ''],
        ['bcc', mail.bcc ?? ''],
        ['subject', mail.subject],
      ] as const) {
        if (ONE_LINE.test(v)) throw new Error(`${name} must be one line`);
      }
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        ...(mail.cc ? { cc: mail.cc } : {}),
        ...(mail.bcc ? { bcc: mail.bcc } : {}),
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachment
          ? [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/pdf' }]
          : [],
        // Keep Bcc in the written .eml so the outbox shows who was copied.
        ...(opts.smtpUrl ? {} : { keepBcc: true }),
      } as nodemailer.SendMailOptions);
      if (opts.smtpUrl) return { messageId: info.messageId };
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date(opts.clock?.() ?? Date.now()).toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${info.messageId.replace(/[^A-Za-z0-9@.-]/g, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
