/**
 * The dependency audit policy of docs/security.md ("Dependency audit in CI"), as pure functions
 * over the JSON `npm audit --json` prints (auditReportVersion 2), so it can be tested on sample
 * reports. scripts/audit.mjs runs npm and applies it.
 *
 * Fails the build: a high or critical advisory in a production dependency, a critical one in a
 * development dependency, and a broken allow-list. Everything else is reported, not failed.
 * No report at all: see `unavailable` in evaluate.
 */

/** Severities from least to most severe, as npm names them. */
export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];
/** The least severe advisory that fails the build, per scope. */
export const FAIL_AT = { production: 'high', development: 'critical' };
/** An accepted advisory is looked at again at least this often. */
export const MAX_ALLOW_DAYS = 90;

const rank = (severity) => SEVERITIES.indexOf(severity);
const DAY_MS = 86_400_000;

/** 'https://github.com/advisories/GHSA-abcd-…' → 'GHSA-abcd-…' (npm's numeric id when there is no GHSA). */
function advisoryId(via) {
  const ghsa = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/i.exec(via.url ?? '');
  return ghsa ? ghsa[0] : String(via.source);
}

/**
 * The advisories of one report, one entry each (a report lists an advisory under its package;
 * packages that are vulnerable only through another name it as a string, and are not repeated).
 * Answers null when the text is not an audit report (the endpoint failed): see unavailableReason.
 */
export function advisoriesOf(report) {
  if (!report || typeof report !== 'object' || typeof report.vulnerabilities !== 'object') return null;
  const byId = new Map();
  for (const vuln of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vuln.via ?? []) {
      if (typeof via !== 'object' || via === null) continue;
      const id = advisoryId(via);
      if (byId.has(id)) continue;
      byId.set(id, {
        id,
        package: via.name ?? vuln.name,
        severity: SEVERITIES.includes(via.severity) ? via.severity : vuln.severity,
        title: via.title ?? '',
        url: via.url ?? '',
        range: via.range ?? vuln.range ?? '',
        fixAvailable: !!vuln.fixAvailable,
      });
    }
  }
  return [...byId.values()];
}

/**
 * HTTP answers meaning the registry in use does not serve the audit endpoint at all (a mirror or
 * proxy that passes GET and HEAD only answers 405): a property of the registry, not a failure of
 * this run. Anything else (a network error, a timeout, a 5xx) is a failed audit.
 */
export const NOT_OFFERED_STATUSES = [404, 405, 501];

/** Why a text is not an audit report, in one line (the endpoint refused or could not be reached). */
export function unavailableReason(report, fallback = 'no report') {
  if (report && typeof report === 'object') {
    const status = report.statusCode ? `HTTP ${report.statusCode}: ` : '';
    const msg = report.message ?? report.error?.summary ?? report.error?.code;
    if (msg) return `${status}${String(msg).split('\n')[0]}`;
  }
  return fallback;
}

/**
 * Checks the allow-list file's entries: { id, package?, reason, expires: 'YYYY-MM-DD' }. An entry
 * without a reason, with a bad date, or expiring more than MAX_ALLOW_DAYS ahead is a problem.
 */
export function checkAllowList(entries, now) {
  const problems = [];
  if (!Array.isArray(entries)) return { valid: [], problems: ['the allow-list must be a JSON array'] };
  const valid = [];
  entries.forEach((e, i) => {
    const where = `allow-list entry ${i + 1}${e && e.id ? ` (${e.id})` : ''}`;
    if (!e || typeof e !== 'object') return problems.push(`${where}: not an object`);
    if (typeof e.id !== 'string' || !e.id.trim()) return problems.push(`${where}: no advisory id`);
    if (typeof e.reason !== 'string' || e.reason.trim().length < 10)
      return problems.push(
        `${where}: give the reason it is accepted (why it cannot reach us, or what we do meanwhile)`,
      );
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(e.expires ?? '');
    const expires = m ? Date.UTC(+m[1], +m[2] - 1, +m[3]) : NaN;
    if (!m || Number.isNaN(expires) || new Date(expires).toISOString().slice(0, 10) !== e.expires)
      return problems.push(`${where}: expires must be a date, YYYY-MM-DD`);
    if (expires - now > MAX_ALLOW_DAYS * DAY_MS)
      return problems.push(`${where}: expires more than ${MAX_ALLOW_DAYS} days ahead; review it sooner`);
    valid.push({ ...e, expiresAt: expires + DAY_MS }); // good through the whole expiry day (UTC)
  });
  return { valid, problems };
}

/**
 * Applies the policy. `production` is the report of `npm audit --omit=dev`, `all` the report of
 * `npm audit` (production and development); an advisory in `all` but not in `production` is
 * development-only. Answers what fails, what is accepted, what is only reported, and the exit code.
 */
export function evaluate({ production, all, allowList = [], now = Date.now() }) {
  const prod = advisoriesOf(production);
  const every = advisoriesOf(all);
  if (prod === null || every === null) {
    const failed = prod === null ? production : all;
    return {
      available: false,
      notOffered: NOT_OFFERED_STATUSES.includes(failed?.statusCode),
      reason: unavailableReason(failed),
      failures: [],
      accepted: [],
      reported: [],
      allowProblems: [],
      expired: [],
      unused: [],
      exitCode: 0,
    };
  }
  const prodIds = new Set(prod.map((a) => a.id));
  const advisories = [
    ...prod.map((a) => ({ ...a, scope: 'production' })),
    ...every.filter((a) => !prodIds.has(a.id)).map((a) => ({ ...a, scope: 'development' })),
  ];
  const { valid, problems } = checkAllowList(allowList, now);
  const allowed = new Map(valid.map((e) => [e.id.toUpperCase(), e]));
  const failures = [];
  const accepted = [];
  const reported = [];
  const expired = [];
  const used = new Set();
  for (const a of advisories) {
    const failsByLevel = rank(a.severity) >= rank(FAIL_AT[a.scope]);
    const entry = allowed.get(a.id.toUpperCase());
    if (entry) used.add(entry.id.toUpperCase());
    if (!failsByLevel) reported.push(a);
    else if (entry && entry.expiresAt > now) accepted.push({ ...a, allowed: entry });
    else {
      if (entry) expired.push({ ...a, allowed: entry });
      failures.push(a);
    }
  }
  const unused = valid.filter((e) => !used.has(e.id.toUpperCase()));
  const exitCode = failures.length > 0 || problems.length > 0 ? 1 : 0;
  return { available: true, failures, accepted, reported, allowProblems: problems, expired, unused, exitCode };
}

/** The short report printed by scripts/audit.mjs: one line per finding, then the verdict. */
export function formatResult(result, { ci = false, dependencies } = {}) {
  const lines = [];
  if (!result.available) {
    lines.push(
      result.notOffered
        ? `npm audit: SKIPPED, the registry in use does not offer the audit endpoint (${result.reason}); no dependency was checked for advisories.`
        : ci
          ? `npm audit: FAILED, the audit endpoint gave no report (${result.reason}); CI cannot tell whether a dependency has a known vulnerability. Run it again; see docs/security.md, "Dependency audit in CI".`
          : `npm audit: not run, the audit endpoint gave no report (${result.reason}); CI runs it.`,
    );
    return lines;
  }
  const line = (a) =>
    `${a.severity} ${a.scope} ${a.package} ${a.range} ${a.id}: ${a.title}${a.fixAvailable ? ' (fix available: npm audit fix)' : ''}`;
  for (const a of result.failures)
    lines.push(`FAIL ${line(a)}${result.expired.some((e) => e.id === a.id) ? ' [allow-list entry expired]' : ''}`);
  for (const p of result.allowProblems) lines.push(`FAIL ${p}`);
  for (const a of result.accepted) lines.push(`accepted until ${a.allowed.expires}: ${line(a)} (${a.allowed.reason})`);
  for (const a of result.reported) lines.push(`report ${line(a)}`);
  for (const e of result.unused) lines.push(`note: allow-list entry ${e.id} matches no advisory any more; remove it`);
  const deps = dependencies ? ` in ${dependencies.prod} production and ${dependencies.dev} development packages` : '';
  const counts = `${result.failures.length} failing, ${result.accepted.length} accepted, ${result.reported.length} reported`;
  lines.push(
    result.exitCode === 0
      ? `npm audit: passed${deps} (${counts}).`
      : `npm audit: FAILED${deps} (${counts}). See docs/security.md, "Dependency audit in CI".`,
  );
  return lines;
}
