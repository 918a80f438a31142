/**
 * A tiny PNG decoder (8-bit greyscale/RGB/RGBA, not interlaced), enough to read Chromium's
 * screenshots in the browser tests without another dependency.
 */

import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

export function decodePng(buf: Uint8Array): Image {
  if (!SIGNATURE.every((b, i) => buf[i] === b)) throw new Error('not a PNG file');
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let pos = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const idat: Uint8Array[] = [];
  while (pos < buf.length) {
    const len = view.getUint32(pos);
    const type = String.fromCharCode(...buf.subarray(pos + 4, pos + 8));
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = view.getUint32(pos + 8);
      height = view.getUint32(pos + 12);
      const depth = body[8];
      colourType = body[9]!;
      const interlace = body[12];
      if (depth !== 8 || interlace !== 0 || ![0, 2, 6].includes(colourType)) {
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colourType}, interlace ${interlace})`);
      }
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    pos += 12 + len;
  }
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 1;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let x = line[i]!;
      switch (filter) {
        case 1:
          x += a;
          break;
        case 2:
          x += b;
          break;
        case 3:
          x += (a + b) >> 1;
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          x += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
      }
      cur[i] = x & 0xff;
    }
    for (let px = 0; px < width; px++) {
      const o = (y * width + px) * 4;
      const s = px * channels;
      if (channels === 1) {
        out[o] = out[o + 1] = out[o + 2] = cur[s]!;
        out[o + 3] = 255;
      } else {
        out[o] = cur[s]!;
        out[o + 1] = cur[s + 1]!;
        out[o + 2] = cur[s + 2]!;
        out[o + 3] = channels === 4 ? cur[s + 3]! : 255;
      }
    }
    prev = cur;
  }
  return { width, height, data: out };
}

/** How many distinct colours an image has, counting each channel at 5 bits. */
export function colourStats(img: Image): { distinct: number; topShare: number } {
  const counts = new Map<number, number>();
  for (let i = 0; i < img.data.length; i += 4) {
    const key = ((img.data[i]! >> 3) << 10) | ((img.data[i + 1]! >> 3) << 5) | (img.data[i + 2]! >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = Math.max(...counts.values());
  return { distinct: counts.size, topShare: top / (img.width * img.height) };
}

/** How many pixels are within `tolerance` (summed over red, green and blue) of a '#rrggbb' colour. */
export function pixelsNear(img: Image, colour: string, tolerance: number): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
  let near = 0;
  for (let k = 0; k < img.data.length; k += 4) {
    if (Math.abs(img.data[k]! - r) + Math.abs(img.data[k + 1]! - g) + Math.abs(img.data[k + 2]! - b) < tolerance) near++;
  }
  return near;
}
