/**
 * What a player needs to recognise a session on the account page: the browser and the system of the
 * device that signed in, in words ("Chrome on Windows", "Safari on iPhone"), read from its
 * User-Agent. A description, not an identification: a User-Agent is whatever the client says.
 */

export const UNKNOWN_DEVICE = 'Unknown device';

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows (?:NT|Phone)\b|\bWin64\b|\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** In order: the Chromium-based browsers that also say "Chrome" and "Safari" come before Chrome, Chrome before Safari. */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPT\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];

const firstMatch = (text: string, table: ReadonlyArray<[RegExp, string]>): string | null => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** "Chrome on Windows"; the browser or the system alone when only one is known; "Unknown device" otherwise. */
export function describeDevice(userAgent: string | undefined | null): string {
  const text = (userAgent ?? '').slice(0, 1024);
  const system = firstMatch(text, SYSTEMS);
  const browser = firstMatch(text, BROWSERS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  return UNKNOWN_DEVICE;
}
