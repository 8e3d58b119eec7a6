import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from './schemas/auth.js';
import { PASSWORD_RULE_HINT, passwordProblem } from './password-policy.js';

const common = new Set(['password', '123456789012', 'qwerty123456']);
const ctx = { username: 'j.smith', businessName: 'Garage Door Supply', isCommon: (p: string) => common.has(p) };

describe('passwordProblem', () => {
  it('wants at least 12 characters, counted as a person counts them', () => {
    expect(passwordProblem('password', ctx)).toBe('must be at least 12 characters');
    expect(passwordProblem(' '.repeat(8), ctx)).toBe('must be at least 12 characters');
    // Six emoji are 12 UTF-16 units but 6 characters.
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑', ctx)).toBe('must be at least 12 characters');
    expect(passwordProblem('x'.repeat(257), ctx)).toBe('must be at most 256 characters');
    expect(passwordProblem('Tall-ladder-93', ctx)).toBeNull();
  });

  it('refuses a common password whatever its case or surrounding spaces', () => {
    for (const p of ['qwerty123456', 'QWERTY123456', ' 123456789012 '])
      expect(passwordProblem(p, ctx), p).toBe(
        'is one of the most common passwords; choose one that is harder to guess',
      );
    // Without a list (the browser) only the other rules apply.
    expect(passwordProblem('qwerty123456', { username: 'ann' })).toBeNull();
  });

  it('refuses the username and the business name inside the password, ignoring case and punctuation', () => {
    expect(passwordProblem('my J.SMITH key 2026', ctx)).toBe('must not contain the username');
    expect(passwordProblem('jsmith-is-my-name', ctx)).toBe('must not contain the username');
    expect(passwordProblem('GarageDoorSupply#1', ctx)).toBe('must not contain the business name');
    expect(passwordProblem('garage door supply 2026', ctx)).toBe('must not contain the business name');
    // A very short username is not looked for once its punctuation is gone ('j.s' -> 'js').
    expect(passwordProblem('js-loves-long-passwords', { username: 'j.s' })).toBeNull();
    expect(passwordProblem('a j.s password here', { username: 'j.s' })).toBe('must not contain the username');
  });

  it('agrees with the schema on length, and the hint names every rule', () => {
    expect(newPasswordSchema.safeParse('🔑🔑🔑🔑🔑🔑').success).toBe(false);
    expect(newPasswordSchema.safeParse('short').error?.issues[0]?.message).toBe('must be at least 12 characters');
    expect(newPasswordSchema.safeParse('Tall-ladder-93').success).toBe(true);
    expect(PASSWORD_RULE_HINT).toBe(
      'At least 12 characters; not a common password; not your username or the business name.',
    );
  });
});
