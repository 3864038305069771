import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCityDatabase } from '../../../test/mmdb-fixture';
import { createTestApp } from '../../../test/test-app';
import { openMaxmindGeoIp } from './maxmind-geoip';

let dir: string;
let databasePath: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-geoip-'));
  databasePath = path.join(dir, 'city.mmdb');
  await writeFile(databasePath, buildCityDatabase('Testville', 'Testland'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the MaxMind GeoIP adapter', () => {
  it('finds the city and country of a known address, and Unknown otherwise', async () => {
    const geoip = await openMaxmindGeoIp(databasePath);
    expect(geoip.lookup('10.1.2.3')).toEqual({ city: 'Testville', country: 'Testland' });
    expect(geoip.lookup('200.1.2.3')).toEqual({ city: 'Unknown', country: 'Unknown' });
    expect(geoip.lookup('not an address')).toEqual({ city: 'Unknown', country: 'Unknown' });
  });

  it('fills in the place of a session at login', async () => {
    const t = await createTestApp({ geoip: await openMaxmindGeoIp(databasePath) });
    try {
      const session = await t.sessionInfoOfLogin({ remoteAddress: '10.20.30.40' });
      expect(session).toMatchObject({ ip: '10.20.30.40', city: 'Testville', country: 'Testland' });
    } finally {
      await t.close();
    }
  });
});
