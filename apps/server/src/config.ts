/**
 * Configuration from the environment (and a .env file), checked at start. Every bad key is
 * reported at once, and the process refuses to start (docs/architecture.md section 8).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_IDLE_MINUTES, DEFAULT_TAX_RATE, decimalPlaces, passwordProblem } from '@desk/domain';
import { isCommonPassword } from './modules/users/common-passwords.js';

/** A proxy address for TRUST_PROXY: an IP, a CIDR range, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  const kind = net.isIP(ip ?? '');
  if (!kind || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (no proxy: the socket's address is the client), a number of proxies in front
 * (each appends the address it saw to X-Forwarded-For), or the proxies' addresses. Never "trust
 * everything": then a client would choose its own address with X-Forwarded-For.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.trim().toLowerCase();
    if (v === 'false' || v === '0' || v === 'no') return false;
    if (v === 'true' || v === '*') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would trust any client's X-Forwarded-For. Set the number of proxies in front of the app " +
          '(TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be a number of proxies from 0 to 10, or their addresses' });
        return z.NEVER;
      }
      return hops;
    }
    const list = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = list.filter((a) => !isProxyAddress(a));
    if (!list.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies (1) or a comma list of proxy addresses or CIDR ranges; not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

/** host, host:port, [v6] or [v6]:port, as in a Host header. */
const HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/;

const allowedHostsSchema = z
  .string()
  .transform((raw, ctx) => {
    const list = raw
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const bad = list.filter((h) => !HOST_ENTRY.test(h));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma list of host names or addresses, each with an optional :port (e.g. desk.example.com,192.168.1.20:3000); not a host: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  })
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), { error: 'must start with postgres:// (unset it for SQLite)' })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('desk@localhost'),
  COMPANY_NAME: z.string().trim().min(1).max(120).default('Garage Door Supply'),
  TAX_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .refine((v) => decimalPlaces(v) <= 6, { error: 'may have at most 6 decimals' })
    .default(DEFAULT_TAX_RATE),
  ADMIN_USERNAME: z.string().trim().min(3).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(DEFAULT_SESSION_IDLE_MINUTES),
  TRUST_PROXY: trustProxySchema,
  ALLOWED_HOSTS: allowedHostsSchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  PUBLIC_ORIGIN: z.url().optional(),
  STATIC_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET'> {
  DATA_DIR: string;
  SESSION_SECRET: string;
  /** Tax rate in parts per million. */
  taxRateScaled: number;
  databaseKind: 'sqlite' | 'postgres';
  sqlitePath: string;
  outboxDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads KEY=value lines of a .env file into an object; existing environment wins. */
export function readDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    out[key] = value;
  }
  return out;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  opts: { dotenv?: boolean } = {},
): Config {
  const merged: Record<string, string | undefined> = {
    ...(opts.dotenv === false ? {} : readDotEnv(path.resolve('.env'))),
    ...env,
  };
  // Empty values count as unset, as in most twelve-factor apps.
  for (const k of Object.keys(merged)) if (merged[k] === '') delete merged[k];
  const parsed = envSchema.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD !== undefined) {
    const problem = passwordProblem(e.ADMIN_PASSWORD, {
      username: e.ADMIN_USERNAME,
      businessName: e.COMPANY_NAME,
      isCommon: isCommonPassword,
    });
    if (problem) {
      throw new ConfigError([
        `ADMIN_PASSWORD: the first administrator's password ${problem}. Choose a stronger one, or unset it and a strong one is generated and printed once`,
      ]);
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const outboxDir = path.join(dataDir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  const sessionSecret = e.SESSION_SECRET ?? readOrCreateSecret(path.join(dataDir, 'session-secret'));
  return {
    ...e,
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret,
    taxRateScaled: Math.round(e.TAX_RATE * 1_000_000),
    databaseKind: e.DATABASE_URL ? 'postgres' : 'sqlite',
    sqlitePath: path.join(dataDir, 'desk.sqlite'),
    outboxDir,
  };
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
