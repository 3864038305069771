import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Campaign files with known dimensions and durations for the checks before review
 * (docs/product/campaigns.md, Checks before review): pictures built here, byte by byte, and
 * small videos made once with ffmpeg (test/fixtures/README.md).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey PNG of `width` × `height` pixels (8-bit RGB), a few kilobytes once compressed. */
export function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // Each row: filter type 0, then its pixels.
  const row = Buffer.alloc(1 + width * 3, 0x80);
  row[0] = 0;
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A JPEG's markers up to its frame header, which is where its size is written: the start, a
 * JFIF segment, a baseline frame of `width` × `height`, and the end (no picture data: only
 * the file's type and size are read from it).
 */
export function jpegOf(width: number, height: number): Buffer {
  const frame = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ]),
    frame,
    Buffer.from([0xff, 0xd9]),
  ]);
}

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

/** The videos of test/fixtures (README.md there says how each was made). */
export const VIDEOS = {
  /** H.264, 720×1280 (9:16), 3 s, its movie header after the media data. */
  story: fixture('story-720x1280-3s.mp4'),
  /** The same, with its movie header first. */
  storyFastStart: fixture('story-faststart.mp4'),
  /** H.264, 640×640, 61 s. */
  longSquare: fixture('square-640-61s.mp4'),
  /** H.264, 160×160, 2 s. */
  tiny: fixture('tiny-160-2s.mp4'),
  /** VP8 in WebM, 640×640, 2 s: not an MP4, whatever its name says. */
  webm: fixture('clip.webm'),
};

/** A square picture of the size the checks ask for by default, for campaigns that should pass them. */
export const PNG_SQUARE = pngOf(1080, 1080);
