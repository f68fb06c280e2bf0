import { rng } from '#server/seed/random';

/**
 * Small SVG vocabulary for the demo pictures: flat shapes with soft gradients, no text
 * (the fonts of the machine running the seed are unknown). Every drawing is rendered by
 * sharp (librsvg) and then goes through the image pipeline like an upload.
 */

export interface Drawing {
  width: number;
  height: number;
  svg: string;
}

/** Landscape scenes (plots, buildings, renders) and product shots share these sizes. */
export const SCENE = { width: 1280, height: 854 } as const;
export const STUDIO = { width: 1280, height: 960 } as const;

export function drawing(size: { width: number; height: number }, body: string, defs = ''): Drawing {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="0 0 ${size.width} ${size.height}"><defs>${defs}</defs>${body}</svg>`;
  return { ...size, svg };
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const next = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, next)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;

export const poly = (points: [number, number][], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${x},${y}`).join(' ')}" fill="${fill}" ${extra}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;

export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 2, extra = '') =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;

export const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

export function linearGradient(id: string, stops: [number, string][], vertical = true): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  const body = stops.map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`).join('');
  return `<linearGradient id="${id}" ${direction}>${body}</linearGradient>`;
}

export interface SkyColours {
  top: string;
  bottom: string;
  sun?: string;
}

export const SKIES = {
  noon: { top: '#5fa8e8', bottom: '#cfe8f7', sun: '#fff3c4' },
  morning: { top: '#7db9e8', bottom: '#fde7c8', sun: '#ffe29a' },
  evening: { top: '#3d5a99', bottom: '#f6b27a', sun: '#ffd07a' },
  harmattan: { top: '#b9c4cc', bottom: '#efe3cf', sun: '#fff6e0' },
} satisfies Record<string, SkyColours>;

/** Sky gradient over the whole canvas, with an optional sun. */
export function sky(size: { width: number; height: number }, colours: SkyColours, sunAt?: [number, number]) {
  const defs = linearGradient('sky', [
    [0, colours.top],
    [1, colours.bottom],
  ]);
  let body = rect(0, 0, size.width, size.height, 'url(#sky)');
  if (sunAt && colours.sun) {
    body += `<circle cx="${sunAt[0]}" cy="${sunAt[1]}" r="90" fill="${colours.sun}" opacity="0.35"/>`;
    body += `<circle cx="${sunAt[0]}" cy="${sunAt[1]}" r="52" fill="${colours.sun}"/>`;
  }
  return { defs, body };
}

export function cloud(x: number, y: number, scale: number, opacity = 0.9): string {
  return group(
    `translate(${x} ${y}) scale(${scale})`,
    `<g fill="#ffffff" opacity="${opacity}">` +
      ellipse(0, 0, 70, 26, '#ffffff') +
      ellipse(-45, 8, 45, 20, '#ffffff') +
      ellipse(50, 6, 55, 22, '#ffffff') +
      ellipse(10, -18, 42, 26, '#ffffff') +
      '</g>',
  );
}

/** A coconut palm rooted at (x, groundY): the tree of the Beninese coast. */
export function palm(x: number, groundY: number, height: number, lean = 0.15): string {
  const topX = x + height * lean;
  const topY = groundY - height;
  const trunk =
    `<path d="M ${x - 9} ${groundY} Q ${x + height * lean * 0.3} ${groundY - height * 0.5} ${topX - 4} ${topY} ` +
    `L ${topX + 5} ${topY} Q ${x + height * lean * 0.3 + 12} ${groundY - height * 0.5} ${x + 9} ${groundY} Z" fill="#8a6a45"/>`;
  const leaves = [-150, -115, -70, -30, 10, 45]
    .map((angle, i) => {
      const length = height * (0.42 + (i % 2) * 0.08);
      const rad = (angle * Math.PI) / 180;
      const ex = topX + Math.cos(rad) * length;
      const ey = topY + Math.sin(rad) * length + length * 0.35;
      const cx = topX + Math.cos(rad) * length * 0.5;
      const cy = topY + Math.sin(rad) * length * 0.5 - 18;
      const colour = i % 2 ? '#2f7d32' : '#3f9142';
      return `<path d="M ${topX} ${topY} Q ${cx} ${cy} ${ex} ${ey} Q ${cx + 10} ${cy + 16} ${topX} ${topY + 6} Z" fill="${colour}"/>`;
    })
    .join('');
  const coconuts = `<circle cx="${topX - 6}" cy="${topY + 8}" r="7" fill="#5b4327"/><circle cx="${topX + 7}" cy="${topY + 10}" r="7" fill="#6b5030"/>`;
  return trunk + leaves + coconuts;
}

export function bush(x: number, y: number, scale: number, colour = '#4c8c3a'): string {
  return group(
    `translate(${x} ${y}) scale(${scale})`,
    ellipse(0, 0, 40, 26, shade(colour, -0.15)) +
      ellipse(-28, 6, 28, 20, colour) +
      ellipse(26, 4, 30, 22, shade(colour, 0.1)),
  );
}

/** Scattered grass tufts on a band of ground. */
export function grass(
  seed: number,
  y0: number,
  y1: number,
  width: number,
  count: number,
  colour = '#5c8f3a',
): string {
  const random = rng(seed);
  let body = '';
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const y = y0 + random() * (y1 - y0);
    const h = 8 + random() * 14;
    body += `<path d="M ${x} ${y} l -4 ${-h} M ${x} ${y} l 0 ${-h - 4} M ${x} ${y} l 5 ${-h}" stroke="${colour}" stroke-width="2" fill="none"/>`;
  }
  return body;
}

/** A plain room for product shots: wall, floor and a soft shadow under the object. */
export function studio(wall: string, floor: string, shadowWidth = 420): { defs: string; body: string } {
  const { width, height } = STUDIO;
  const floorY = Math.round(height * 0.72);
  const defs =
    linearGradient('wall', [
      [0, shade(wall, 0.25)],
      [1, wall],
    ]) +
    linearGradient('floor', [
      [0, floor],
      [1, shade(floor, -0.2)],
    ]);
  const body =
    rect(0, 0, width, floorY, 'url(#wall)') +
    rect(0, floorY, width, height - floorY, 'url(#floor)') +
    rect(0, floorY - 4, width, 6, shade(wall, -0.2), 'opacity="0.5"') +
    ellipse(width / 2, floorY + 70, shadowWidth, 36, '#000000', 'opacity="0.16"');
  return { defs, body };
}
