/**
 * Side effects behind a small interface: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox. nodemailer builds the message, so header
 * injection through subjects or addresses is not possible; we also refuse line breaks in them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  bcc?: string | null;
  subject: string;
  text: string;
  attachment: { filename: string; content: Buffer };
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
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      for (const [name, v] of [
        ['to', mail.to],
        ['bcc', mail.bcc ?? ''],
        ['subject', mail.subject],
      ] as const) {
        if (ONE_LINE.test(v)) throw new Error(`${name} must be one line`);
      }
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        ...(mail.bcc ? { bcc: mail.bcc } : {}),
        subject: mail.subject,
        text: mail.text,
        attachments: [
          { filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/pdf' },
        ],
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
