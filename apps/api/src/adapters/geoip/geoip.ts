import { UNKNOWN_CLIENT_DETAIL } from '@portal/contract';
/** Where an address is, as far as the configured database knows. */
export interface GeoLocation {
  city: string;
  country: string;
}

export interface GeoIpLookup {
  lookup(ip: string): GeoLocation;
  close(): Promise<void>;
}

export const UNKNOWN_LOCATION: GeoLocation = { city: UNKNOWN_CLIENT_DETAIL, country: UNKNOWN_CLIENT_DETAIL };

/** The default: no database, every address is "Unknown". Nothing is asked of outside services. */
export const noGeoIp: GeoIpLookup = {
  lookup: () => UNKNOWN_LOCATION,
  close: async () => undefined,
};
