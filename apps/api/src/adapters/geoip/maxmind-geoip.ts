import maxmind, { type CityResponse } from 'maxmind';
import { UNKNOWN_LOCATION, type GeoIpLookup } from './geoip';

/**
 * Looks addresses up in an offline MaxMind-format database (GeoLite2-City or compatible) read
 * from disk once at start-up, so a login never waits on a network service.
 */
export async function openMaxmindGeoIp(databasePath: string): Promise<GeoIpLookup> {
  const reader = await maxmind.open<CityResponse>(databasePath);
  return {
    lookup(ip) {
      if (!maxmind.validate(ip)) return UNKNOWN_LOCATION;
      const found = reader.get(ip);
      return {
        city: found?.city?.names.en ?? UNKNOWN_LOCATION.city,
        country: found?.country?.names.en ?? UNKNOWN_LOCATION.country,
      };
    },
    close: async () => undefined,
  };
}
