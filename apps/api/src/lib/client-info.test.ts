import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { noGeoIp } from '../adapters/geoip/geoip';
import { describeClient } from './client-info';

describe('describeClient', () => {
  it('names the system and browser from the user agent', () => {
    const firefox = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
    expect(describeClient(firefox, '192.0.2.1', noGeoIp)).toEqual({
      os: 'Ubuntu',
      browser: 'Firefox 125',
      ip: '192.0.2.1',
      city: 'Unknown',
      country: 'Unknown',
    });
  });

  it('says Unknown for a missing or unreadable user agent', () => {
    expect(describeClient(undefined, '192.0.2.1', noGeoIp)).toMatchObject({ os: 'Unknown', browser: 'Unknown' });
    expect(describeClient('curl/8.5.0', '192.0.2.1', noGeoIp)).toMatchObject({ os: 'Unknown' });
  });
});

describe('the client address of a session', () => {
  const loginFrom = async (env: Record<string, string>) => {
    const t = await createTestApp({ env });
    try {
      const session = await t.sessionInfoOfLogin({
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
      return session.ip;
    } finally {
      await t.close();
    }
  };

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    expect(await loginFrom({})).toBe('10.0.0.5');
    expect(await loginFrom({ TRUST_PROXY: '10.0.0.0/8' })).toBe('198.51.100.23');
  });
});
