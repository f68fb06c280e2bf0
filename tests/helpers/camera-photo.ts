import sharp, { type Sharp } from 'sharp';

/**
 * A phone camera's photo for the tests and the bench that send one: 4000 x 3000 of fine
 * grain (gaussian noise drawn at 1400 x 1050, enlarged), detail that survives a reduction
 * and keeps a JPEG of it several megabytes, as a real photo's would. Each caller encodes it
 * (`.jpeg({ quality })`) to the size its case needs.
 */
export async function cameraImage(sigma = 30): Promise<Sharp> {
  const grain = await sharp({
    create: {
      width: 1400,
      height: 1050,
      channels: 3,
      background: '#8a6a4a',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain).resize(4000, 3000, { kernel: 'cubic' });
}
