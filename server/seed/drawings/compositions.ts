import { rng } from '#server/seed/random';
import type { SvgObject } from './objects-materials';
import {
  SCENE,
  STUDIO,
  drawing,
  group,
  line,
  linearGradient,
  poly,
  rect,
  shade,
  studio,
  type Drawing,
} from './svg-kit';

/** Pictures made of one object: a catalogue shot, a tiled-floor shot, a promotion banner. */

/** Objects are drawn about 700 units wide; 1.3 fills a 1280 px frame without touching it. */
const SHOT_SCALE = 1.3;

export function productShot(object: SvgObject, wall: string, floor: string, relativeScale = 1): Drawing {
  const scale = SHOT_SCALE * relativeScale;
  const room = studio(wall, floor, 380 * scale);
  const floorY = Math.round(STUDIO.height * 0.72) + 70;
  return drawing(
    STUDIO,
    room.body + group(`translate(${STUDIO.width / 2} ${floorY}) scale(${scale})`, object.body),
    room.defs + object.defs,
  );
}

/** Floor tiles 60 x 60 laid in perspective, veined like polished porcelain. */
export function tiledFloor(tile: string, joint: string, seed: number): Drawing {
  const { width, height } = STUDIO;
  const horizon = 330;
  const random = rng(seed);
  const defs = linearGradient('tileWall', [
    [0, shade(tile, -0.05)],
    [1, shade(tile, -0.25)],
  ]);
  let body = rect(0, 0, width, horizon, 'url(#tileWall)');
  body += rect(0, horizon, width, height - horizon, tile);
  const vanishX = width / 2;
  for (let k = -12; k <= 12; k++) {
    body += line(vanishX + k * 40, horizon, vanishX + k * 260, height, joint, 3);
  }
  let y = horizon;
  for (let step = 18; y < height; step *= 1.35) {
    y += step;
    body += line(0, y, width, y, joint, 3);
  }
  for (let v = 0; v < 14; v++) {
    const x = random() * width;
    const vy = horizon + 60 + random() * (height - horizon - 80);
    body += `<path d="M ${x} ${vy} q 40 ${-10 + random() * 20} 90 ${random() * 30} t 80 ${-20 + random() * 30}" stroke="${shade(tile, -0.18)}" stroke-width="2" fill="none" opacity="0.7"/>`;
  }
  body += rect(0, horizon - 10, width, 12, shade(tile, -0.35));
  return drawing(STUDIO, body, defs);
}

/** A promotion banner: diagonal colour field, the object, confetti and a "%" badge. */
export function promotionBanner(object: SvgObject, colours: [string, string], seed: number): Drawing {
  const { width, height } = SCENE;
  const random = rng(seed);
  const defs =
    object.defs +
    linearGradient(
      'promo',
      [
        [0, colours[0]],
        [1, shade(colours[0], -0.3)],
      ],
      false,
    );
  let body = rect(0, 0, width, height, 'url(#promo)');
  body += poly(
    [
      [width * 0.55, 0],
      [width, 0],
      [width, height],
      [width * 0.35, height],
    ],
    colours[1],
    'opacity="0.9"',
  );
  for (let i = 0; i < 40; i++) {
    const colour = ['#ffffff', '#ffd166', '#06d6a0', '#ef476f'][i % 4]!;
    const x = random() * width;
    const y = random() * height;
    body += rect(
      x,
      y,
      10,
      18,
      colour,
      `opacity="0.7" transform="rotate(${Math.round(random() * 180)} ${x} ${y})"`,
    );
  }
  body += group(`translate(${width * 0.62} ${height - 90}) scale(0.85)`, object.body);
  // Badge: a disc with a percent sign made of two rings and a bar (no font needed).
  const bx = 260;
  const by = 300;
  body += `<circle cx="${bx}" cy="${by}" r="170" fill="#ffffff" opacity="0.95"/>`;
  body += `<circle cx="${bx}" cy="${by}" r="150" fill="none" stroke="${colours[0]}" stroke-width="8" stroke-dasharray="14 10"/>`;
  body += `<circle cx="${bx - 55}" cy="${by - 55}" r="32" fill="none" stroke="${colours[0]}" stroke-width="22"/>`;
  body += `<circle cx="${bx + 55}" cy="${by + 55}" r="32" fill="none" stroke="${colours[0]}" stroke-width="22"/>`;
  body += line(bx + 75, by - 95, bx - 75, by + 95, colours[0], 24, 'stroke-linecap="round"');
  return drawing(SCENE, body, defs);
}
