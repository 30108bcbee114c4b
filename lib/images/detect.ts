/**
 * Recognises the raster formats a shop may upload (PNG, JPEG, GIF, WebP) by
 * their content, never by the file name or the declared type, and reads the
 * pixel size from the headers. A file whose signature matches but whose
 * header does not parse to a positive size is not an image.
 */
export type DetectedImage = {
  mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  extension: string;
  width: number;
  height: number;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectImage(bytes: Buffer): DetectedImage | null {
  const found = detectPng(bytes) ?? detectGif(bytes) ?? detectJpeg(bytes) ?? detectWebp(bytes);
  return found && found.width > 0 && found.height > 0 ? found : null;
}

function detectPng(bytes: Buffer): DetectedImage | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  // The first chunk must be a 13-byte IHDR.
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { mimeType: "image/png", extension: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function detectGif(bytes: Buffer): DetectedImage | null {
  if (bytes.length < 10) return null;
  const magic = bytes.toString("latin1", 0, 6);
  if (magic !== "GIF87a" && magic !== "GIF89a") return null;
  return { mimeType: "image/gif", extension: "gif", width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function detectJpeg(bytes: Buffer): DetectedImage | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { mimeType: "image/jpeg", extension: "jpg", height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function detectWebp(bytes: Buffer): DetectedImage | null {
  if (bytes.length < 30 || bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = bytes.toString("latin1", 12, 16);
  const webp = (width: number, height: number): DetectedImage => ({ mimeType: "image/webp", extension: "webp", width, height });
  if (chunk === "VP8 ") {
    // Key frame start code 9D 01 2A, then 14-bit sizes.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return webp(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return webp((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    return webp(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}
