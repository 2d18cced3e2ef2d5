import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeFile } from '../src/domain/files/file-metadata.js';

/** A valid PNG of `width` × `height` transparent pixels, built chunk by chunk. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('file metadata', () => {
  it('reads the dimensions of a PNG', () => {
    expect(describeFile(png(3, 2), 'pixel.png')).toEqual({
      contentType: 'image/png',
      dimensions: { width: 3, height: 2 },
    });
  });

  it('reads the dimensions of an SVG from its attributes or its view box', () => {
    const sized = encode('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"></svg>');
    expect(describeFile(sized, 'logo.svg')).toEqual({
      contentType: 'image/svg+xml',
      dimensions: { width: 120, height: 40 },
    });
    const boxed = encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"></svg>');
    expect(describeFile(boxed, 'icon.svg').dimensions).toEqual({ width: 64, height: 32 });
  });

  it('keeps the content type it is given over the one the name suggests', () => {
    expect(describeFile(png(1, 1), 'upload.bin', 'image/png')).toEqual({
      contentType: 'image/png',
      dimensions: { width: 1, height: 1 },
    });
    expect(describeFile(encode('a,b'), 'data.txt', 'text/csv')).toEqual({
      contentType: 'text/csv',
    });
  });

  it('guesses the content type from the name, else says octet-stream', () => {
    expect(describeFile(encode('%PDF-1.7'), 'Guide.PDF')).toEqual({
      contentType: 'application/pdf',
    });
    expect(describeFile(encode('# Title'), 'notes.md')).toEqual({ contentType: 'text/markdown' });
    expect(describeFile(encode('?'), 'no-extension')).toEqual({
      contentType: 'application/octet-stream',
    });
  });

  it('gives a corrupt image no dimensions', () => {
    expect(describeFile(encode('not a png at all'), 'broken.png')).toEqual({
      contentType: 'image/png',
    });
    expect(describeFile(png(4, 4).slice(0, 12), 'cut.png')).toEqual({ contentType: 'image/png' });
  });

  it('does not measure files that are not images', () => {
    expect(describeFile(png(2, 2), 'picture.txt')).toEqual({ contentType: 'text/plain' });
  });
});
