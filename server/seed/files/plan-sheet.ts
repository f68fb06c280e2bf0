import sharp from 'sharp';
import { rng } from '#server/seed/random';

/**
 * A scanned-looking floor plan (black lines on off-white paper), as visitors attach to
 * their project requests. A real JPEG, but a private attachment: it is stored as sent,
 * not through the public image pipeline.
 */
export async function planSheetJpeg(seed: number): Promise<Buffer> {
  const random = rng(seed);
  const width = 1200;
  const height = 850;
  const wall = 'stroke="#222222" stroke-width="9" fill="none"';
  const thin = 'stroke="#555555" stroke-width="2" fill="none"';
  const splitX = 420 + Math.round(random() * 200);
  const splitY = 330 + Math.round(random() * 120);
  const body = [
    `<rect width="${width}" height="${height}" fill="#f7f4ec"/>`,
    `<rect x="120" y="110" width="960" height="600" ${wall}/>`,
    `<path d="M ${splitX} 110 V ${splitY - 40} M ${splitX} ${splitY + 40} V 710 M 120 ${splitY} H ${splitX - 60} M ${splitX + 60} ${splitY} H 1080" ${wall}/>`,
    `<path d="M ${splitX + 200} ${splitY} V 710" ${wall}/>`,
    `<path d="M 500 710 A 70 70 0 0 1 570 640" ${thin}/>`,
    `<rect x="${splitX + 240}" y="${splitY + 60}" width="160" height="120" ${thin}/>`,
    `<circle cx="${splitX / 2 + 60}" cy="${splitY / 2 + 60}" r="${50 + Math.round(random() * 30)}" ${thin}/>`,
    `<path d="M 120 760 H 1080 M 120 748 V 772 M 1080 748 V 772 M 70 110 V 710 M 58 110 H 82 M 58 710 H 82" ${thin}/>`,
    `<rect x="880" y="730" width="260" height="90" ${thin}/>`,
    `<path d="M 880 760 H 1140 M 1010 730 V 820" ${thin}/>`,
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
