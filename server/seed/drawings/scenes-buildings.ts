import { building } from './building';
import {
  SCENE,
  SKIES,
  bush,
  cloud,
  drawing,
  grass,
  group,
  line,
  linearGradient,
  palm,
  poly,
  rect,
  shade,
  sky,
  type Drawing,
  type SkyColours,
} from './svg-kit';

/** Finished buildings in their street: houses, villas, blocks, offices, shops, warehouses. */

const GROUND_Y = 640;

function street(colours: { verge: string; road: string }, seed: number): string {
  const { width, height } = SCENE;
  return (
    rect(0, GROUND_Y, width, 70, colours.verge) +
    grass(seed, GROUND_Y + 8, GROUND_Y + 66, width, 90, shade(colours.verge, -0.25)) +
    rect(0, GROUND_Y + 70, width, height - GROUND_Y - 70, colours.road) +
    Array.from({ length: 8 }, (_, i) =>
      rect(i * 170 + 30, GROUND_Y + 150, 90, 8, '#f2efe6', 'opacity="0.8"'),
    ).join('')
  );
}

function backdrop(colours: SkyColours, sunAt: [number, number]): { defs: string; body: string } {
  const base = sky(SCENE, colours, sunAt);
  return { defs: base.defs, body: base.body + cloud(260, 130, 1.1) + cloud(900, 90, 0.8, 0.8) };
}

export interface HouseOptions {
  wall: string;
  roofColour: string;
  floors: 1 | 2 | 3;
  roof?: 'gable' | 'hip' | 'flat';
  sky?: SkyColours;
  balcony?: boolean;
  /** Side face in perspective, for the "3D" renders. */
  depth?: number;
  lit?: boolean;
  fence?: string;
}

export function houseScene(options: HouseOptions): Drawing {
  const back = backdrop(options.sky ?? SKIES.noon, [1080, 120]);
  const width = options.floors === 1 ? 560 : 500;
  const x = (SCENE.width - width - (options.depth ?? 0)) / 2;
  let body = back.body + street({ verge: '#7aa84f', road: '#9a9890' }, 11);
  body +=
    palm(x - 120, GROUND_Y + 10, 330, -0.12) +
    palm(x + width + (options.depth ?? 0) + 140, GROUND_Y + 10, 290, 0.14);
  body += building({
    x,
    groundY: GROUND_Y,
    width,
    floors: options.floors,
    wall: options.wall,
    roof: options.roof ?? (options.floors === 1 ? 'hip' : 'gable'),
    roofColour: options.roofColour,
    windowsPerFloor: 5,
    balcony: options.balcony,
    depth: options.depth,
    lit: options.lit,
  });
  if (options.fence) {
    // A low front wall with railings, as on most villas of Fidjrossè and Calavi.
    body += rect(0, GROUND_Y + 10, SCENE.width, 44, options.fence);
    body += rect(0, GROUND_Y + 6, SCENE.width, 8, shade(options.fence, -0.25));
    for (let px = 0; px < SCENE.width; px += 160)
      body += rect(px, GROUND_Y - 10, 26, 64, shade(options.fence, -0.12));
  }
  body += bush(x + 40, GROUND_Y + 4, 1) + bush(x + width - 40, GROUND_Y + 4, 0.9, '#5a9a3c');
  return drawing(SCENE, body, back.defs);
}

export function officeScene(options: {
  floors: number;
  wall: string;
  lit?: boolean;
  sky?: SkyColours;
}): Drawing {
  const back = backdrop(options.sky ?? SKIES.morning, [180, 110]);
  let body = back.body + street({ verge: '#c9c2b4', road: '#6f6d68' }, 23);
  // Neighbouring lower buildings frame the office block.
  body += building({
    x: 60,
    groundY: GROUND_Y,
    width: 260,
    floors: 2,
    wall: '#d9c9a8',
    roof: 'flat',
    windowsPerFloor: 3,
    door: false,
  });
  body += building({
    x: 960,
    groundY: GROUND_Y,
    width: 260,
    floors: 3,
    wall: '#c7d3d9',
    roof: 'flat',
    windowsPerFloor: 3,
    door: false,
    floorHeight: 100,
  });
  body += building({
    x: 390,
    groundY: GROUND_Y,
    width: 480,
    floors: options.floors,
    floorHeight: 88,
    wall: options.wall,
    trim: '#e8edf0',
    roof: 'flat',
    windowsPerFloor: 6,
    glass: true,
    lit: options.lit,
    depth: 70,
  });
  // Shop awnings along the ground floor.
  for (let i = 0; i < 4; i++) {
    const ax = 400 + i * 118;
    body += poly(
      [
        [ax, GROUND_Y - 70],
        [ax + 104, GROUND_Y - 70],
        [ax + 112, GROUND_Y - 48],
        [ax - 8, GROUND_Y - 48],
      ],
      i % 2 ? '#d9534f' : '#2f7fb8',
    );
  }
  return drawing(SCENE, body, back.defs);
}

export function warehouseScene(options: { wall: string; roofColour: string }): Drawing {
  const back = backdrop(SKIES.harmattan, [1060, 130]);
  let body = back.body + rect(0, GROUND_Y, SCENE.width, SCENE.height - GROUND_Y, '#a9a195');
  const x = 170;
  const width = 900;
  const top = GROUND_Y - 250;
  body += poly(
    [
      [x - 20, top],
      [x + width / 2, top - 110],
      [x + width + 20, top],
    ],
    options.roofColour,
  );
  for (let rx = x; rx <= x + width; rx += 22) {
    const peakY = top - 110 * (1 - Math.abs(rx - (x + width / 2)) / (width / 2 + 20));
    body += line(rx, top, rx, peakY, shade(options.roofColour, -0.2), 2);
  }
  body += rect(x, top, width, 250, options.wall);
  for (let i = 0; i < 3; i++) {
    const dx = x + 90 + i * 270;
    body += rect(dx, GROUND_Y - 190, 180, 190, '#8b9096');
    for (let sy = GROUND_Y - 185; sy < GROUND_Y; sy += 12) body += line(dx, sy, dx + 180, sy, '#6d7176', 2);
  }
  body += rect(x, GROUND_Y - 14, width, 14, shade(options.wall, -0.3));
  return drawing(SCENE, body, back.defs);
}

export function shopScene(options: { wall: string; awning: [string, string] }): Drawing {
  const back = backdrop(SKIES.noon, [160, 120]);
  let body = back.body + street({ verge: '#c2b8a3', road: '#7b7872' }, 31);
  const x = 290;
  const width = 700;
  body += building({
    x,
    groundY: GROUND_Y,
    width,
    floors: 2,
    wall: options.wall,
    roof: 'flat',
    windowsPerFloor: 4,
    door: false,
    floorHeight: 150,
  });
  // Shop window and door on the ground floor.
  body +=
    rect(x + 60, GROUND_Y - 130, 380, 112, '#8fc3e0') +
    rect(x + 60, GROUND_Y - 130, 380, 40, '#ffffff', 'opacity="0.25"');
  body += rect(x + 480, GROUND_Y - 130, 150, 112, '#5b3a22');
  for (let i = 0; i < 10; i++) {
    body += rect(x + 30 + i * 64, GROUND_Y - 190, 64, 50, options.awning[i % 2]!);
  }
  body += poly(
    [
      [x + 30, GROUND_Y - 140],
      [x + 670, GROUND_Y - 140],
      [x + 690, GROUND_Y - 126],
      [x + 10, GROUND_Y - 126],
    ],
    shade(options.awning[0], -0.25),
  );
  body += palm(140, GROUND_Y + 20, 300, 0.1) + bush(1120, GROUND_Y + 20, 1.2);
  return drawing(SCENE, body, back.defs);
}

/** Fence and gate (the company's speciality, product rules, Audience and services), house roof behind. */
export function fenceGateScene(options: { wall: string; gate: string; sky?: SkyColours }): Drawing {
  const back = backdrop(options.sky ?? SKIES.noon, [1000, 110]);
  let body = back.body;
  body += building({
    x: 380,
    groundY: GROUND_Y - 40,
    width: 520,
    floors: 2,
    wall: '#efe2c8',
    roof: 'hip',
    roofColour: '#7b3b2a',
    windowsPerFloor: 5,
    door: false,
  });
  body += palm(1130, GROUND_Y, 360, 0.1);
  body += rect(0, GROUND_Y, SCENE.width, SCENE.height - GROUND_Y, '#b9b2a6');
  for (let px = 0; px < SCENE.width; px += 64)
    body += line(px, GROUND_Y, px - 60, SCENE.height, '#a59e92', 2);
  const wallTop = GROUND_Y - 230;
  body += rect(0, wallTop, SCENE.width, 230, options.wall);
  body += rect(0, wallTop - 12, SCENE.width, 14, shade(options.wall, -0.25));
  const gateX = 440;
  const gateW = 400;
  for (const px of [0, 220, gateX - 40, gateX + gateW, 1060, 1240]) {
    body += rect(px, wallTop - 40, 40, 270, shade(options.wall, -0.1));
    body += rect(px - 6, wallTop - 52, 52, 14, shade(options.wall, -0.35));
  }
  // Two gate leaves: frame, vertical bars, arched top rail.
  body += rect(gateX, wallTop - 20, gateW, 250, shade(options.gate, 0.1), 'opacity="0.15"');
  for (const leaf of [0, 1]) {
    const lx = gateX + leaf * (gateW / 2);
    body += rect(
      lx + 4,
      wallTop - 10,
      gateW / 2 - 8,
      240,
      'none',
      `stroke="${options.gate}" stroke-width="10"`,
    );
    for (let bx = lx + 22; bx < lx + gateW / 2 - 10; bx += 22)
      body += line(bx, wallTop - 10, bx, wallTop + 230, options.gate, 5);
    body += rect(lx + 4, wallTop + 100, gateW / 2 - 8, 60, options.gate);
  }
  body += `<path d="M ${gateX} ${wallTop - 10} Q ${gateX + gateW / 2} ${wallTop - 90} ${gateX + gateW} ${wallTop - 10}" stroke="${options.gate}" stroke-width="10" fill="none"/>`;
  body += bush(120, GROUND_Y + 10, 1.1) + bush(1000, GROUND_Y + 10, 1.2, '#3f8a3a');
  return drawing(SCENE, body, back.defs);
}

/** A site in progress: concrete frame, scaffolding, crane, sand heap. */
export function constructionScene(options: { storeysDone: number; sky?: SkyColours; seed: number }): Drawing {
  const back = backdrop(options.sky ?? SKIES.morning, [200, 120]);
  let body = back.body + rect(0, GROUND_Y, SCENE.width, SCENE.height - GROUND_Y, '#b8703f');
  body += grass(options.seed, GROUND_Y + 10, SCENE.height, SCENE.width, 40, '#7c5a2c');
  const x = 330;
  const width = 560;
  const floorHeight = 120;
  for (let f = 0; f < options.storeysDone; f++) {
    const y = GROUND_Y - (f + 1) * floorHeight;
    body += rect(x - 10, y, width + 20, 16, '#b9b6ae');
    for (let c = 0; c <= 4; c++)
      body += rect(x + c * (width / 4) - 10, y + 16, 20, floorHeight - 16, '#c8c4bb');
    if (f === 0) {
      for (let b = 0; b < 4; b++)
        body += rect(x + b * (width / 4) + 12, y + 40, width / 4 - 24, floorHeight - 40, '#a5a29c');
    }
  }
  const top = GROUND_Y - options.storeysDone * floorHeight;
  for (let c = 0; c <= 4; c++) {
    for (let r = 0; r < 3; r++)
      body += line(
        x + c * (width / 4) - 6 + r * 6,
        top,
        x + c * (width / 4) - 6 + r * 6,
        top - 50,
        '#5a4a3a',
        3,
      );
  }
  // Scaffolding on the right.
  for (let sx = x + width + 20; sx <= x + width + 120; sx += 50)
    body += line(sx, GROUND_Y, sx, top - 30, '#d08a2e', 5);
  for (let sy = GROUND_Y; sy > top - 30; sy -= 60)
    body += line(x + width + 20, sy, x + width + 120, sy, '#d08a2e', 5);
  // Tower crane.
  body +=
    rect(1120, 140, 22, GROUND_Y - 140, '#f2b705') +
    rect(760, 130, 520, 18, '#f2b705') +
    line(900, 148, 900, 300, '#333333', 2);
  body += rect(880, 300, 40, 24, '#8c8c8c');
  body += poly(
    [
      [80, GROUND_Y + 80],
      [200, GROUND_Y - 20],
      [330, GROUND_Y + 80],
    ],
    '#e3c27a',
  );
  return drawing(SCENE, body, back.defs);
}

/** Architectural render on blue paper: plan of the ground floor with furniture marks. */
const BLUEPRINT_PAPERS = ['#1f4e8c', '#21607a', '#2b3f7d'] as const;

export function blueprintScene(seed: number): Drawing {
  const { width, height } = SCENE;
  const paper = BLUEPRINT_PAPERS[seed % BLUEPRINT_PAPERS.length]!;
  const defs = linearGradient('paper', [
    [0, paper],
    [1, shade(paper, -0.25)],
  ]);
  let body = rect(0, 0, width, height, 'url(#paper)');
  for (let gx = 0; gx < width; gx += 40) body += line(gx, 0, gx, height, '#ffffff', 1, 'opacity="0.08"');
  for (let gy = 0; gy < height; gy += 40) body += line(0, gy, width, gy, '#ffffff', 1, 'opacity="0.08"');
  const stroke = 'stroke="#e8f1ff" fill="none"';
  body += `<rect x="180" y="130" width="920" height="600" ${stroke} stroke-width="10"/>`;
  const split = 500 + (seed % 3) * 60;
  body += `<path d="M ${split} 130 V 420 M 180 420 H 700 M 760 420 H 1100 M ${split} 520 V 730" ${stroke} stroke-width="7"/>`;
  body += `<path d="M 600 730 A 80 80 0 0 1 680 650" ${stroke} stroke-width="3"/>`;
  body += `<rect x="240" y="190" width="200" height="120" ${stroke} stroke-width="3"/>`;
  body += `<circle cx="${split + 250}" cy="270" r="70" ${stroke} stroke-width="3"/>`;
  body += `<rect x="${split + 180}" y="500" width="240" height="150" ${stroke} stroke-width="3"/>`;
  body += `<path d="M 180 780 H 1100 M 180 765 V 795 M 1100 765 V 795 M 130 130 V 730 M 115 130 H 145 M 115 730 H 145" ${stroke} stroke-width="2"/>`;
  // Odd seeds are the mirrored plan, so two projects never show the same sheet.
  const plan = seed % 2 ? group(`translate(${width} 0) scale(-1 1)`, body) : body;
  return drawing(SCENE, plan, defs);
}
