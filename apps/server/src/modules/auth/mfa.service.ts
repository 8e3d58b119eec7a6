/**
 * Two-factor sign-in with TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1, as every
 * authenticator app reads it), by the otpauth library; the QR code by the qrcode library.
 * A code is good once; ten one-time recovery codes are shown once at enrolment and stored hashed.
 * docs/decisions/013-two-factor-sessions-events.md.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_PATTERN, TOTP_PATTERN, type MfaSetup, type MfaStatus } from '@desk/domain';
import type { DB } from '../../db/schema.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, invalidField } from '../../lib/errors.js';
import * as repo from './mfa.repository.js';

const PERIOD_S = 30;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const hashCode = (code: string) => createHash('sha256').update(`recovery:${code}`).digest('hex');

/** 'K3V9Q 7HX2M', 'k3v9q7hx2m' and 'k3v9q-7hx2m' are the same recovery code. */
function normaliseRecoveryCode(input: string): string | null {
  const bare = input.toLowerCase().replace(/[\s-]/g, '');
  const code = `${bare.slice(0, 5)}-${bare.slice(5)}`;
  return RECOVERY_CODE_PATTERN.test(code) ? code : null;
}

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}

export type MfaProof = 'totp' | 'recovery';

export class MfaService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    /** The name an authenticator app shows for the account (the business's name). */
    private readonly issuer: () => Promise<string>,
  ) {}

  private totp(username: string, secret: string, issuer = '') {
    return new TOTP({
      issuer,
      label: username,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_S,
      secret: Secret.fromBase32(secret),
    });
  }

  /** The time step a code belongs to, or null when it is not a current code of `secret`. */
  private stepOf(username: string, secret: string, code: string): number | null {
    if (!TOTP_PATTERN.test(code)) return null;
    const now = this.clock();
    const delta = this.totp(username, secret).validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
  }

  async status(userId: number): Promise<MfaStatus> {
    const row = await repo.findMfa(this.db, userId);
    const enabled = !!row?.mfa_secret;
    return {
      enabled,
      enabledAt: row?.mfa_enabled_at ?? null,
      recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(this.db, userId) : 0,
    };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return !!(await repo.findMfa(this.db, userId))?.mfa_secret;
  }

  /** A new secret, pending until a code from it is confirmed. */
  async setup(userId: number, username: string): Promise<MfaSetup> {
    if (await this.isEnabled(userId))
      throw conflict('Two-factor sign-in is already on. Turn it off first to enrol a new device.');
    const secret = new Secret({ size: 20 }).base32;
    await repo.setPendingSecret(this.db, userId, secret);
    const otpauthUri = this.totp(username, secret, await this.issuer()).toString();
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { otpauthUri, secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Confirms the pending secret with a code; answers the recovery codes, shown this once. */
  async enable(userId: number, username: string, code: string): Promise<string[]> {
    const row = await repo.findMfa(this.db, userId);
    if (row?.mfa_secret) throw conflict('Two-factor sign-in is already on.');
    const secret = row?.mfa_pending_secret;
    if (!secret) throw badRequest('Start the set-up first: there is no new key to confirm.');
    const step = this.stepOf(username, secret, code.trim());
    if (step === null) throw invalidField('code', 'that code is not right. Enter the 6 digits your app shows now.');
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.enable(trx, userId, secret, isoAt(this.clock()), step)))
        throw conflict('The set-up changed meanwhile (another tab?). Start again.');
      await repo.replaceRecoveryCodes(trx, userId, codes.map(hashCode));
    });
    return codes;
  }

  /**
   * Checks a code at sign-in (or to turn two-factor off) and uses it up: a TOTP code once per
   * time step, a recovery code once ever. Answers how it was proved, or null.
   */
  async verify(userId: number, username: string, code: string): Promise<MfaProof | null> {
    const row = await repo.findMfa(this.db, userId);
    if (!row?.mfa_secret) return null;
    const trimmed = code.trim();
    const step = this.stepOf(username, row.mfa_secret, trimmed);
    if (step !== null) return (await repo.takeStep(this.db, userId, step)) ? 'totp' : null;
    const recovery = normaliseRecoveryCode(trimmed);
    if (recovery && (await repo.useRecoveryCode(this.db, userId, hashCode(recovery), isoAt(this.clock()))))
      return 'recovery';
    return null;
  }

  async disable(userId: number): Promise<void> {
    await this.db.transaction().execute((trx) => repo.disable(trx, userId));
  }
}
