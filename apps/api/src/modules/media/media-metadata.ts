import { imageSize } from 'image-size';
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import type { MediaMetadata } from '@portal/contract';
import type { FileStorage } from '../../adapters/storage/storage';
import type { MediaFileRow } from '../../db/schema';

/** What a stored file's own bytes say it is (docs/product/campaigns.md, Media). */
export interface MediaFacts {
  width: number;
  height: number;
  durationMs: number | null;
  container: string;
  codec: string | null;
}

/** Enough of a picture's start for its size in nearly every file; a longer header reads the whole file. */
const IMAGE_HEAD_BYTES = 256 * 1024;
/** The most top-level MP4 boxes looked through for the movie header, and its largest size. */
const MAX_TOP_LEVEL_BOXES = 64;
const MAX_MOVIE_BOX_BYTES = 64 * 1024 * 1024;

/** JPEG orientations that turn the picture a quarter: its shown width is its stored height. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

async function imageFacts(storage: FileStorage, key: string, size: number): Promise<MediaFacts | null> {
  const read = (bytes: number) => storage.readBytes(key, 0, bytes);
  let bytes = await read(IMAGE_HEAD_BYTES);
  for (;;) {
    if (!bytes) return null;
    try {
      const found = imageSize(bytes);
      const turned = QUARTER_TURNS.has(found.orientation ?? 1);
      return {
        width: turned ? found.height : found.width,
        height: turned ? found.width : found.height,
        durationMs: null,
        container: found.type === 'jpg' ? 'jpeg' : (found.type ?? 'image'),
        codec: null,
      };
    } catch {
      // Images are at most 20 MB: a header past the first bytes is read from the whole file.
      if (bytes.length >= size) return null;
      bytes = await read(size);
    }
  }
}

/**
 * Finds the `moov` box among an MP4's top-level boxes, reading only their 16-byte headers (the
 * movie header may come after the media data, at the end of a file of gigabytes), and answers
 * the `ftyp` box and it, or null when the file has none.
 */
async function movieBoxes(storage: FileStorage, key: string, size: number): Promise<Buffer[] | null> {
  const boxes: Buffer[] = [];
  let offset = 0;
  for (let index = 0; index < MAX_TOP_LEVEL_BOXES && offset + 8 <= size; index++) {
    const header = await storage.readBytes(key, offset, 16);
    if (!header || header.length < 8) return null;
    const type = header.toString('latin1', 4, 8);
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1 && header.length >= 16) boxSize = Number(header.readBigUInt64BE(8));
    else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < 8) return null;
    if (type === 'ftyp' || type === 'moov') {
      if (boxSize > MAX_MOVIE_BOX_BYTES) return null;
      const box = await storage.readBytes(key, offset, boxSize);
      if (!box || box.length < boxSize) return null;
      boxes.push(box);
      if (type === 'moov') return boxes;
    }
    offset += boxSize;
  }
  return null;
}

/** The movie's facts from its `ftyp` and `moov` boxes, parsed by mp4box. */
function parseMovie(boxes: Buffer[]): MediaFacts | null {
  const file = createFile();
  let movie: Movie | undefined;
  file.onReady = (info) => {
    movie = info;
  };
  const joined = Buffer.concat(boxes);
  const buffer = MP4BoxBuffer.fromArrayBuffer(
    joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength),
    0,
  );
  try {
    file.appendBuffer(buffer);
    file.flush();
  } catch {
    return null;
  }
  const track = movie?.videoTracks[0];
  if (!movie || !track) return null;
  const seconds = movie.timescale > 0 ? movie.duration / movie.timescale : 0;
  return {
    width: Math.round(track.track_width || track.video?.width || 0),
    height: Math.round(track.track_height || track.video?.height || 0),
    durationMs: Math.round(seconds * 1000),
    container: 'mp4',
    codec: track.codec.slice(0, 40),
  };
}

/**
 * Reads a stored campaign file's dimensions (and a video's duration and codec) from its own
 * bytes: a picture's header with image-size, an MP4's movie header with mp4box. Null when the
 * file cannot be read that way.
 */
export async function readMediaFacts(
  storage: FileStorage,
  file: { key: string; contentType: string; size: number },
): Promise<MediaFacts | null> {
  if (file.contentType === 'video/mp4') {
    const boxes = await movieBoxes(storage, file.key, file.size);
    return boxes && parseMovie(boxes);
  }
  return imageFacts(storage, file.key, file.size);
}

/** A file record's metadata as answers carry it, or null when its bytes were not (or could not be) read. */
export function toMediaMetadata(file: MediaFileRow): MediaMetadata | null {
  if (file.metadataReadAt === null || file.width === null || file.height === null) return null;
  return {
    width: file.width,
    height: file.height,
    duration_seconds: file.durationMs === null ? null : file.durationMs / 1000,
    size: file.size,
    container: file.container ?? '',
    codec: file.codec,
  };
}
