/**
 * A user agent string as a person reads it: 'Chrome 131 on Windows', 'Safari 17 on iPhone'.
 * Browsers name several others in their string (Chrome says Safari, Edge says Chrome), so the
 * more specific names are looked for first.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_RAW = 40;

export function shortUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return 'Unknown';
  const browser = BROWSERS.map(([pattern, name]) => {
    const match = pattern.exec(ua);
    return match ? `${name} ${match[1]}` : null;
  }).find((b) => b !== null);
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  // Not a browser we know (a script, a tool): its own words, cut short.
  return ua.length > MAX_RAW ? `${ua.slice(0, MAX_RAW - 1)}…` : ua;
}
