/**
 * A real SMTP server (smtp-server) inside a test, on a free port of 127.0.0.1, that can be stopped
 * and started again on the same port: the mail tests send to it and read what it received.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Received {
  mail: ParsedMail;
  /** The envelope's recipients (To, Cc and Bcc alike). */
  rcpt: string[];
}

export class TestSmtp {
  /** Every message received, in order (the same array for the server's life). */
  readonly received: Received[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** Answer 550 to every recipient (a mailbox that does not exist). */
  refuseRecipients = false;

  get running(): boolean {
    return this.server !== null;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo: (_address, _session, cb) => {
        if (this.refuseRecipients) {
          const err = new Error('No such mailbox here') as Error & { responseCode: number };
          err.responseCode = 550;
          cb(err);
        } else cb();
      },
      onData: (stream, session, cb) => {
        simpleParser(stream).then((mail) => {
          this.received.push({ mail, rcpt: session.envelope.rcptTo.map((r) => r.address) });
          cb();
        }, cb);
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
