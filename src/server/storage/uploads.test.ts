import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeWebp } from './uploads';

/** A 300 × 400 portrait PNG, in two colours so a crop would show. */
async function portrait(): Promise<Uint8Array> {
  const top = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return new Uint8Array(
    await sharp({ create: { width: 300, height: 400, channels: 3, background: '#0000ff' } })
      .composite([{ input: top, top: 0, left: 0 }])
      .png()
      .toBuffer(),
  );
}

describe('encodeWebp', () => {
  it('keeps the shape of a photo or a document: a 300×400 portrait stays 3:4, never enlarged', async () => {
    const encoded = await encodeWebp(await portrait(), [1600, 150]);
    expect([encoded.get(1600)!.width, encoded.get(1600)!.height]).toEqual([300, 400]);
    expect([encoded.get(150)!.width, encoded.get(150)!.height]).toEqual([150, 200]);
    for (const { data, width, height } of encoded.values()) {
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });

  it('crops an avatar to a square, at most the shorter side', async () => {
    const encoded = await encodeWebp(await portrait(), [512, 128], 'photo', { square: true });
    expect([encoded.get(512)!.width, encoded.get(512)!.height]).toEqual([300, 300]);
    expect([encoded.get(128)!.width, encoded.get(128)!.height]).toEqual([128, 128]);
    const meta = await sharp(encoded.get(128)!.data).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);
  });

  it('refuses bytes that are no readable image', async () => {
    await expect(encodeWebp(new Uint8Array([1, 2, 3]), [320], 'photo')).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
