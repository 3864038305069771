/**
 * Writes a tiny MaxMind DB file (format 2.0) for tests of the GeoIP adapter: an IPv4 tree of
 * one node whose left half (0.0.0.0/1) holds one city record and whose right half holds none.
 * Encoding per the MaxMind DB specification: control byte = type << 5 | size; types 8 and up
 * are "extended" (type 0 in the control byte, type - 7 in the next byte).
 */
/** An unsigned integer of the given MaxMind type: 5 uint16, 6 uint32, 9 uint64. */
class UInt {
  constructor(
    readonly value: number,
    readonly bytes: number,
    readonly type: 5 | 6 | 9,
  ) {}
}
type Value = string | UInt | Value[] | { [key: string]: Value };

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([Buffer.from([(2 << 5) | bytes.length]), bytes]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([Buffer.from([value.length, 11 - 7]), ...value.map(encode)]);
  }
  if (value instanceof UInt) {
    const bytes = Buffer.alloc(value.bytes);
    bytes.writeUIntBE(value.value, 0, value.bytes);
    const control = value.type === 9 ? [value.bytes, 9 - 7] : [(value.type << 5) | value.bytes];
    return Buffer.concat([Buffer.from(control), bytes]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([
    Buffer.from([(7 << 5) | entries.length]),
    ...entries.flatMap(([k, v]) => [encode(k), encode(v)]),
  ]);
}

export function buildCityDatabase(city: string, country: string): Buffer {
  const nodeCount = 1;
  const record24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
  // Left record points at data offset 0; right record equal to nodeCount means "no data".
  const tree = Buffer.concat([record24(nodeCount + 16 + 0), record24(nodeCount)]);
  const data = encode({ city: { names: { en: city } }, country: { names: { en: country } } });
  const metadata = encode({
    node_count: new UInt(nodeCount, 4, 6),
    record_size: new UInt(24, 2, 5),
    ip_version: new UInt(4, 2, 5),
    database_type: 'Test-City',
    languages: ['en'],
    binary_format_major_version: new UInt(2, 2, 5),
    binary_format_minor_version: new UInt(0, 2, 5),
    build_epoch: new UInt(1_700_000_000, 4, 9),
    description: { en: 'test' },
  });
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  return Buffer.concat([tree, Buffer.alloc(16), data, marker, metadata]);
}
