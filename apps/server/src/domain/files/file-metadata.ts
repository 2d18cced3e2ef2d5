import { imageSize } from 'image-size';
import mime from 'mime';

/** What the server records about a file's bytes besides their hash. */
export interface FileDescription {
  contentType: string;
  /** Width and height in pixels, as the image is displayed; only for images that could be read. */
  dimensions?: { width: number; height: number };
}

/**
 * Describes a file: its content type (the one given, else guessed from its name, else
 * `application/octet-stream`) and, for images, their size in pixels. An image whose header
 * cannot be read is still stored; it just has no dimensions.
 * @example describeFile(bytes, 'diagram.png'); // { contentType: 'image/png', dimensions: { width: 640, height: 480 } }
 */
export function describeFile(
  bytes: Uint8Array,
  name: string,
  contentType?: string,
): FileDescription {
  const type = contentType?.trim() || mime.getType(name) || 'application/octet-stream';
  if (!type.toLowerCase().startsWith('image/')) return { contentType: type };
  const dimensions = imageDimensions(bytes);
  return dimensions === undefined ? { contentType: type } : { contentType: type, dimensions };
}

function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  let measured: ReturnType<typeof imageSize>;
  try {
    measured = imageSize(bytes);
  } catch {
    return undefined;
  }
  const { width, height, orientation } = measured;
  if (!(width > 0 && height > 0)) return undefined;
  // EXIF orientations 5 to 8 turn the picture a quarter, so it shows with its sides swapped.
  const quarterTurned = orientation !== undefined && orientation >= 5 && orientation <= 8;
  return quarterTurned ? { width: height, height: width } : { width, height };
}
