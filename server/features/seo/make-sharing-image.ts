import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SHARING_IMAGE } from '#server/ssr/sharing-image';

/**
 * Generates public/og-default.jpg, the sharing card of pages that have no picture of their
 * own (1200x630, the size WhatsApp, Facebook and LinkedIn crop to). Run once, the result is
 * committed: `node --import tsx server/features/seo/make-sharing-image.ts`.
 * The company name is a setting (SITE_NAME), so it is not drawn here: the card shows
 * og:site_name and the page title beside the picture anyway.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARING_IMAGE.width}" height="${SHARING_IMAGE.height}" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#12355b"/>
  <rect y="560" width="1200" height="70" fill="#f39c12"/>
  <g transform="translate(100 165) scale(4.5)">
    <rect width="64" height="64" rx="12" fill="#0c2540"/>
    <path d="M14 46V28l18-12 18 12v18H38V34H26v12z" fill="#f39c12"/>
  </g>
  <g font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#ffffff">
    <text x="450" y="265" font-size="58" font-weight="bold">Construction</text>
    <text x="450" y="345" font-size="58" font-weight="bold">Design · Immobilier</text>
    <text x="450" y="425" font-size="40" fill="#f5c36b">Cotonou, Bénin</text>
  </g>
</svg>`;

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const out = path.join(root, 'public', SHARING_IMAGE.path.slice(1));
  const info = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(out);
  console.log(`${out} : ${info.width}x${info.height}, ${info.size} octets`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
