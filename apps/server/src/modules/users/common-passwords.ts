/**
 * The list of common passwords (common-passwords.txt, shipped in the repository; its origin is
 * in its first lines), read once on the server. The browser never loads it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The same path from src/ (tsx, tests) and from dist/ (the build): both sit under apps/server.
const here = path.dirname(fileURLToPath(import.meta.url));
export const COMMON_PASSWORDS_FILE = path.resolve(
  here,
  '..',
  '..',
  '..',
  'src',
  'modules',
  'users',
  'common-passwords.txt',
);

let cached: Set<string> | null = null;

/** The lower-cased common passwords (about 49,000). */
export function commonPasswords(): Set<string> {
  if (cached) return cached;
  const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n');
  let start = 0;
  while (lines[start]?.startsWith('# ')) start++;
  const set = new Set<string>();
  for (let i = start; i < lines.length; i++) {
    const p = lines[i]!.replace(/\r$/, '');
    if (p) set.add(p.toLowerCase());
  }
  cached = set;
  return set;
}

export const isCommonPassword = (lowerCased: string) => commonPasswords().has(lowerCased);
