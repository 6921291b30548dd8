import { messages, t } from './messages.ts';

/**
 * A session's device in words ("Chrome en Android") from its User-Agent header, for the sessions
 * list (docs/product.md#account-security). A dozen lines instead of a parser library: the list
 * names a browser family and a system, nothing more, and the names come from the tokens every
 * browser still sends (docs/decisions/0035-web-polish.md). Order matters: Edge, Opera and Samsung
 * Internet also say "Chrome", and Chrome also says "Safari".
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: Array<[RegExp, string]>) => table.find(([re]) => re.test(ua))?.[1];

/** "Chrome en Android", "Safari en iPhone", "Firefox", "Navegador en Windows"; "Dispositivo desconocido" when neither is known. */
export function describeUserAgent(ua: string | null | undefined): string {
  const text = ua ?? '';
  const browser = first(text, BROWSERS);
  const system = first(text, SYSTEMS);
  if (!browser && !system) return messages.sessionUnknownDevice;
  if (!system) return browser!;
  return t('sessionDevice', { browser: browser ?? messages.sessionUnknownBrowser, system });
}
