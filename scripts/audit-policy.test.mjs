/** The audit policy (docs/security.md, "Dependency audit in CI") on sample `npm audit --json` reports. */
import { describe, expect, it } from 'vitest';
import { advisoriesOf, checkAllowList, evaluate, formatResult } from './audit-policy.mjs';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

/** One advisory as npm prints it under `via`. */
const advisory = (source, name, severity, ghsa, title = `${name} is vulnerable`) => ({
  source,
  name,
  dependency: name,
  title,
  url: `https://github.com/advisories/${ghsa}`,
  severity,
  cwe: ['CWE-400'],
  cvss: { score: 7.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' },
  range: '<2.0.0',
});

/** A report in npm's auditReportVersion 2 shape: a vulnerable package and one that only depends on it. */
function report(...vias) {
  const vulnerabilities = {};
  for (const via of vias) {
    vulnerabilities[via.name] = {
      name: via.name,
      severity: via.severity,
      isDirect: false,
      via: [via],
      effects: [`needs-${via.name}`],
      range: '1.0.0 - 1.9.9',
      nodes: [`node_modules/${via.name}`],
      fixAvailable: true,
    };
    // The package that is vulnerable only through it names it as a string.
    vulnerabilities[`needs-${via.name}`] = {
      name: `needs-${via.name}`,
      severity: via.severity,
      isDirect: true,
      via: [via.name],
      effects: [],
      range: '*',
      nodes: [`node_modules/needs-${via.name}`],
      fixAvailable: false,
    };
  }
  return {
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: vias.length * 2 },
      dependencies: { prod: 120, dev: 480, optional: 3, peer: 0, peerOptional: 0, total: 600 },
    },
  };
}

const HIGH_PROD = advisory(1101, 'body-parser-ish', 'high', 'GHSA-qwmr-r2mx-8v5h');
const MODERATE_PROD = advisory(1102, 'semver-ish', 'moderate', 'GHSA-c2qf-rxjj-qqgw');
const HIGH_DEV = advisory(1103, 'vite-ish', 'high', 'GHSA-vg6x-rcgg-rjx6');
const CRITICAL_DEV = advisory(1104, 'esbuild-ish', 'critical', 'GHSA-67mh-4wv8-2f99');

describe('npm audit policy', () => {
  it('reads each advisory once, by its GHSA id, from an auditReportVersion 2 report', () => {
    const list = advisoriesOf(report(HIGH_PROD, MODERATE_PROD));
    expect(list).toEqual([
      expect.objectContaining({ id: 'GHSA-qwmr-r2mx-8v5h', package: 'body-parser-ish', severity: 'high' }),
      expect.objectContaining({ id: 'GHSA-c2qf-rxjj-qqgw', package: 'semver-ish', severity: 'moderate' }),
    ]);
    expect(advisoriesOf({ message: '405 Method Not Allowed', statusCode: 405 })).toBeNull();
  });

  it('passes a clean report', () => {
    const clean = report();
    const result = evaluate({ production: clean, all: clean, now: NOW });
    expect(result).toMatchObject({ available: true, exitCode: 0, failures: [], reported: [] });
    expect(formatResult(result, { dependencies: clean.metadata.dependencies }).at(-1)).toBe(
      'npm audit: passed in 120 production and 480 development packages (0 failing, 0 accepted, 0 reported).',
    );
  });

  it('fails on a high advisory in production; reports a moderate one without failing', () => {
    const production = report(HIGH_PROD, MODERATE_PROD);
    const result = evaluate({ production, all: production, now: NOW });
    expect(result.exitCode).toBe(1);
    expect(result.failures.map((a) => [a.id, a.scope])).toEqual([['GHSA-qwmr-r2mx-8v5h', 'production']]);
    expect(result.reported.map((a) => a.id)).toEqual(['GHSA-c2qf-rxjj-qqgw']);
    const lines = formatResult(result);
    expect(lines[0]).toMatch(/^FAIL high production body-parser-ish .* GHSA-qwmr-r2mx-8v5h: .*npm audit fix/);
    expect(lines.at(-1)).toMatch(/^npm audit: FAILED .*docs\/security\.md/);

    const onlyModerate = report(MODERATE_PROD);
    expect(evaluate({ production: onlyModerate, all: onlyModerate, now: NOW }).exitCode).toBe(0);
  });

  it('development-only advisories fail only when critical', () => {
    const production = report();
    const high = evaluate({ production, all: report(HIGH_DEV), now: NOW });
    expect(high.exitCode).toBe(0);
    expect(high.reported.map((a) => [a.id, a.scope])).toEqual([['GHSA-vg6x-rcgg-rjx6', 'development']]);
    const critical = evaluate({ production, all: report(HIGH_DEV, CRITICAL_DEV), now: NOW });
    expect(critical.exitCode).toBe(1);
    expect(critical.failures.map((a) => [a.id, a.scope])).toEqual([['GHSA-67mh-4wv8-2f99', 'development']]);
  });

  it('an advisory in a production package is production even when development tools also use it', () => {
    const result = evaluate({ production: report(HIGH_PROD), all: report(HIGH_PROD, HIGH_DEV), now: NOW });
    expect(result.failures.map((a) => a.scope)).toEqual(['production']);
    expect(result.reported.map((a) => a.scope)).toEqual(['development']);
  });

  it('an allow-list entry with a reason accepts the advisory until the end of its expiry day', () => {
    const production = report(HIGH_PROD);
    const allowList = [
      {
        id: 'GHSA-qwmr-r2mx-8v5h',
        package: 'body-parser-ish',
        reason: 'Only reachable through multipart parsing, which the server does not register.',
        expires: '2026-12-01',
      },
    ];
    const accepted = evaluate({ production, all: production, allowList, now: NOW });
    expect(accepted.exitCode).toBe(0);
    expect(accepted.accepted.map((a) => a.id)).toEqual(['GHSA-qwmr-r2mx-8v5h']);
    expect(formatResult(accepted)[0]).toMatch(/^accepted until 2026-12-01: high production body-parser-ish/);
    const lastDay = evaluate({ production, all: production, allowList, now: Date.UTC(2026, 11, 1, 23, 59) });
    expect(lastDay.exitCode).toBe(0);

    const dayAfter = evaluate({ production, all: production, allowList, now: Date.UTC(2026, 11, 2, 0, 1) });
    expect(dayAfter.exitCode).toBe(1);
    expect(dayAfter.expired.map((a) => a.id)).toEqual(['GHSA-qwmr-r2mx-8v5h']);
    expect(formatResult(dayAfter)[0]).toMatch(/\[allow-list entry expired\]$/);
  });

  it('refuses an allow-list entry without a reason, with a bad date, or expiring more than 90 days ahead', () => {
    const { valid, problems } = checkAllowList(
      [
        { id: 'GHSA-aaaa-bbbb-cccc', expires: '2026-12-01' },
        { id: 'GHSA-aaaa-bbbb-dddd', reason: 'Not reachable from our code paths.', expires: '2026-02-30' },
        { id: 'GHSA-aaaa-bbbb-eeee', reason: 'Not reachable from our code paths.', expires: '2027-06-01' },
        { reason: 'Not reachable from our code paths.', expires: '2026-12-01' },
        { id: 'GHSA-aaaa-bbbb-ffff', reason: 'Not reachable from our code paths.', expires: '2026-12-24' },
      ],
      NOW,
    );
    expect(valid.map((e) => e.id)).toEqual(['GHSA-aaaa-bbbb-ffff']);
    expect(problems).toEqual([
      expect.stringMatching(/entry 1 \(GHSA-aaaa-bbbb-cccc\): give the reason/),
      expect.stringMatching(/entry 2 .*expires must be a date/),
      expect.stringMatching(/entry 3 .*more than 90 days ahead/),
      expect.stringMatching(/entry 4: no advisory id/),
    ]);
    // A broken allow-list fails the build even when nothing is vulnerable, and so does one that is not a list.
    const clean = report();
    expect(evaluate({ production: clean, all: clean, allowList: [{ id: 'x' }], now: NOW }).exitCode).toBe(1);
    expect(evaluate({ production: clean, all: clean, allowList: {}, now: NOW }).exitCode).toBe(1);
  });

  it('notes an allow-list entry that no advisory matches any more', () => {
    const clean = report();
    const allowList = [
      { id: 'GHSA-aaaa-bbbb-ffff', reason: 'Fixed upstream, waiting for a release.', expires: '2026-12-24' },
    ];
    const result = evaluate({ production: clean, all: clean, allowList, now: NOW });
    expect(result.exitCode).toBe(0);
    expect(formatResult(result)[0]).toBe(
      'note: allow-list entry GHSA-aaaa-bbbb-ffff matches no advisory any more; remove it',
    );
  });

  it('says in one line when the registry does not offer the audit endpoint, and skips', () => {
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    const result = evaluate({ production: refused, all: refused, now: NOW });
    expect(result).toMatchObject({ available: false, notOffered: true });
    const line =
      'npm audit: SKIPPED, the registry in use does not offer the audit endpoint (HTTP 405: 405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk); no dependency was checked for advisories.';
    expect(formatResult(result)).toEqual([line]);
    expect(formatResult(result, { ci: true })).toEqual([line]);
  });

  it('a failed audit (network, timeout, server error) is a failure under CI and one line on a workstation', () => {
    const offline = {
      error: { code: 'EAI_AGAIN', summary: 'request to https://registry.example failed', detail: '' },
    };
    const result = evaluate({ production: offline, all: offline, now: NOW });
    expect(result).toMatchObject({
      available: false,
      notOffered: false,
      reason: 'request to https://registry.example failed',
    });
    expect(formatResult(result)).toEqual([
      'npm audit: not run, the audit endpoint gave no report (request to https://registry.example failed); CI runs it.',
    ]);
    expect(formatResult(result, { ci: true })[0]).toMatch(/^npm audit: FAILED, the audit endpoint gave no report/);
    const busy = { message: '503 Service Unavailable', statusCode: 503 };
    expect(evaluate({ production: report(), all: busy, now: NOW })).toMatchObject({
      available: false,
      notOffered: false,
    });
  });
});
