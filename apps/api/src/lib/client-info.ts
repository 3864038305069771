import { UNKNOWN_CLIENT_DETAIL } from '@portal/contract';
import { UAParser } from 'ua-parser-js';
import type { GeoIpLookup } from '../adapters/geoip/geoip';

export interface ClientInfo {
  os: string;
  browser: string;
  ip: string;
  city: string;
  country: string;
}

const UNKNOWN = UNKNOWN_CLIENT_DETAIL;

const describe = (name: string | undefined, version: string | undefined): string =>
  name ? [name, version].filter(Boolean).join(' ') : UNKNOWN;

/**
 * The parser's names that sessions have always shown otherwise: ua-parser-js 1.x (MIT) says
 * "Mac OS" where the 2.x it replaced (AGPL, which the portal cannot ship) said "macOS".
 */
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS' };

/**
 * What a session records about its device and place (docs/product/accounts.md, Sessions): worked out here from the
 * user agent and the client address, never reported by the browser. `ip` must already honour
 * the trusted-proxy setting (Fastify's request.ip does).
 */
export function describeClient(userAgent: string | undefined, ip: string, geoip: GeoIpLookup): ClientInfo {
  const { os, browser } = UAParser(userAgent ?? '');
  const location = geoip.lookup(ip);
  return {
    os: describe(os.name && (OS_NAMES[os.name] ?? os.name), os.version),
    browser: describe(browser.name, browser.major),
    ip,
    city: location.city,
    country: location.country,
  };
}
