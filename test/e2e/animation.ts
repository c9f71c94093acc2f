// A person's path as an animated GIF for the README (Run → notification → Open Log): screenshots
// taken at the moments that matter, each held a while, as a storyboard rather than a video — a
// few frames say it, and the file stays small. Encoded here (gifenc, pngjs: plain JavaScript) with
// one palette for all frames, and every pixel that did not change since the frame before left
// transparent, so each later frame costs only what changed on screen.
import * as fs from 'node:fs';
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';

interface Frame {
  png: Buffer;
  holdMs: number;
}

/** Colours of the palette the screenshots share; the last index of 256 is "unchanged". */
const COLOURS = 255;
const UNCHANGED = 255;

export class Storyboard {
  private readonly frames: Frame[] = [];

  constructor(
    private readonly page: Page,
    /** The part of the window it shows (the whole window when absent). */
    private readonly clip?: { x: number; y: number; width: number; height: number },
  ) {}

  /** The window as it is now, shown for `holdMs` in the animation. */
  async frame(holdMs: number): Promise<void> {
    const png = await this.page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', ...(this.clip ? { clip: this.clip } : {}) });
    this.frames.push({ png, holdMs });
  }

  get length(): number {
    return this.frames.length;
  }

  /** Writes the animation (looping) to `file`, and each frame beside it as a PNG to look at; returns its size in bytes. */
  save(file: string): number {
    const bytes = encode(this.frames);
    fs.writeFileSync(file, bytes);
    for (const [n, f] of this.frames.entries()) fs.writeFileSync(file.replace(/\.gif$/, `-frame-${n + 1}.png`), f.png);
    return bytes.length;
  }
}

function encode(frames: Frame[]): Uint8Array {
  const images = frames.map((f) => PNG.sync.read(f.png));
  const { width, height } = images[0];
  if (images.some((i) => i.width !== width || i.height !== height)) throw new Error('every frame of an animation is the same size');
  // One palette from all frames (a sample of each: the screens share nearly every colour).
  const palette = quantize(sample(images.map((i) => i.data)), COLOURS);
  while (palette.length < 256) palette.push([255, 0, 255]);
  const gif = GIFEncoder();
  let previous: Uint8Array | undefined;
  for (const [n, image] of images.entries()) {
    const index = applyPalette(image.data, palette);
    const shown = previous ? unchangedLeftOut(index, previous) : index;
    gif.writeFrame(shown, width, height, {
      ...(n === 0 ? { palette, repeat: 0 } : { transparent: true, transparentIndex: UNCHANGED }),
      delay: frames[n].holdMs,
      // Each frame is drawn over the one before, which stays where this one is transparent.
      dispose: 1,
    });
    previous = index;
  }
  gif.finish();
  return gif.bytes();
}

/** The frame with every pixel that is as it was in the frame before marked unchanged (transparent). */
function unchangedLeftOut(index: Uint8Array, previous: Uint8Array): Uint8Array {
  const out = new Uint8Array(index.length);
  for (let i = 0; i < index.length; i++) out[i] = index[i] === previous[i] ? UNCHANGED : index[i];
  return out;
}

/** Every 7th pixel of each image, as one RGBA array: enough for the quantizer to see every colour that matters. */
function sample(images: Buffer[]): Uint8Array {
  const step = 7;
  const count = images.reduce((n, d) => n + Math.ceil(d.length / 4 / step), 0);
  const out = new Uint8Array(count * 4);
  let o = 0;
  for (const data of images) {
    for (let p = 0; p < data.length / 4; p += step) {
      out.set(data.subarray(p * 4, p * 4 + 4), o);
      o += 4;
    }
  }
  return out.subarray(0, o);
}
