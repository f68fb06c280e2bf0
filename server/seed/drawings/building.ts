import { ellipse, line, poly, rect, shade } from './svg-kit';

/**
 * One parametric façade for every house, villa, block and office of the demo: floors of
 * windows, a roof, an optional balcony and, for the 3D renders, a side face in perspective.
 */
export interface BuildingSpec {
  x: number;
  groundY: number;
  width: number;
  floors: number;
  floorHeight?: number;
  wall: string;
  trim?: string;
  roof: 'gable' | 'hip' | 'flat';
  roofColour?: string;
  windowsPerFloor: number;
  /** Blue glazing instead of shuttered windows (offices). */
  glass?: boolean;
  /** Yellow windows for evening views. */
  lit?: boolean;
  balcony?: boolean;
  /** Width of the side face drawn in perspective; 0 for a flat façade. */
  depth?: number;
  door?: boolean;
}

function windowAt(x: number, y: number, w: number, h: number, spec: BuildingSpec): string {
  const trim = spec.trim ?? '#ffffff';
  if (spec.glass) {
    const pane = spec.lit ? '#ffd978' : '#6fa8d6';
    return (
      rect(x, y, w, h, pane) +
      rect(x, y, w, h * 0.45, '#ffffff', 'opacity="0.18"') +
      line(x + w / 2, y, x + w / 2, y + h, shade(pane, -0.35), 2)
    );
  }
  const glassColour = spec.lit ? '#ffd978' : '#3c5a74';
  return (
    rect(x - 5, y - 5, w + 10, h + 10, trim) +
    rect(x, y, w, h, glassColour) +
    rect(x + 3, y + 3, w / 2 - 5, h - 6, '#ffffff', 'opacity="0.12"') +
    line(x + w / 2, y, x + w / 2, y + h, trim, 3) +
    line(x, y + h * 0.45, x + w, y + h * 0.45, trim, 3)
  );
}

function roof(spec: BuildingSpec, topY: number): string {
  const colour = spec.roofColour ?? '#9c4a2e';
  const { x, width } = spec;
  const depth = spec.depth ?? 0;
  if (spec.roof === 'flat') {
    return (
      rect(x - 8, topY - 22, width + 16, 22, shade(spec.wall, -0.12)) +
      rect(x - 8, topY - 26, width + 16, 6, spec.trim ?? '#ffffff')
    );
  }
  const overhang = 28;
  const peak = spec.roof === 'gable' ? 120 : 95;
  const side =
    depth > 0
      ? poly(
          [
            [x + width + overhang, topY],
            [x + width + depth + overhang, topY - depth * 0.45],
            [x + width / 2 + depth, topY - peak - depth * 0.45],
            [x + width / 2, topY - peak],
          ],
          shade(colour, -0.25),
        )
      : '';
  const front =
    spec.roof === 'gable'
      ? poly(
          [
            [x - overhang, topY],
            [x + width / 2, topY - peak],
            [x + width + overhang, topY],
          ],
          colour,
        )
      : poly(
          [
            [x - overhang, topY],
            [x + width * 0.22, topY - peak],
            [x + width * 0.78, topY - peak],
            [x + width + overhang, topY],
          ],
          colour,
        );
  const tiles = Array.from({ length: 5 }, (_, i) => {
    const y = topY - (peak * (i + 1)) / 6;
    const inset =
      spec.roof === 'gable'
        ? (width / 2 + overhang) * ((i + 1) / 6)
        : (width * 0.22 + overhang) * ((i + 1) / 6);
    return line(
      x - overhang + inset,
      y,
      x + width + overhang - inset,
      y,
      shade(colour, -0.2),
      2,
      'opacity="0.6"',
    );
  }).join('');
  return side + front + tiles + rect(x - overhang, topY - 4, width + overhang * 2, 8, shade(colour, -0.3));
}

export function building(spec: BuildingSpec): string {
  const floorHeight = spec.floorHeight ?? 120;
  const height = spec.floors * floorHeight;
  const topY = spec.groundY - height;
  const depth = spec.depth ?? 0;
  let body = ellipse(
    spec.x + spec.width / 2 + depth / 2,
    spec.groundY + 6,
    spec.width * 0.62 + depth / 2,
    16,
    '#000000',
    'opacity="0.18"',
  );

  if (depth > 0) {
    body += poly(
      [
        [spec.x + spec.width, spec.groundY],
        [spec.x + spec.width + depth, spec.groundY - depth * 0.45],
        [spec.x + spec.width + depth, topY - depth * 0.45],
        [spec.x + spec.width, topY],
      ],
      shade(spec.wall, -0.22),
    );
  }
  body += rect(spec.x, topY, spec.width, height, spec.wall);
  // Plinth and floor bands give the façade its scale.
  body += rect(spec.x, spec.groundY - 18, spec.width, 18, shade(spec.wall, -0.3));
  for (let floor = 1; floor < spec.floors; floor++) {
    body += rect(
      spec.x - 4,
      spec.groundY - floor * floorHeight - 6,
      spec.width + 8,
      10,
      spec.trim ?? shade(spec.wall, 0.4),
    );
  }

  const windowWidth = Math.min(70, (spec.width / spec.windowsPerFloor) * 0.5);
  const windowHeight = floorHeight * (spec.glass ? 0.62 : 0.5);
  for (let floor = 0; floor < spec.floors; floor++) {
    const y = spec.groundY - (floor + 1) * floorHeight + floorHeight * 0.2;
    for (let i = 0; i < spec.windowsPerFloor; i++) {
      const slot = spec.width / spec.windowsPerFloor;
      const cx = spec.x + slot * (i + 0.5);
      const isDoor = spec.door !== false && floor === 0 && i === Math.floor(spec.windowsPerFloor / 2);
      if (isDoor) {
        body += rect(cx - 32, spec.groundY - floorHeight * 0.72, 64, floorHeight * 0.72 - 18, '#6b4226');
        body += rect(
          cx - 26,
          spec.groundY - floorHeight * 0.66,
          24,
          floorHeight * 0.55,
          shade('#6b4226', 0.15),
        );
        body += `<circle cx="${cx + 20}" cy="${spec.groundY - floorHeight * 0.36}" r="4" fill="#e0c068"/>`;
      } else {
        body += windowAt(cx - windowWidth / 2, y, windowWidth, windowHeight, spec);
      }
    }
    if (spec.balcony && floor > 0) {
      const by = spec.groundY - floor * floorHeight;
      body += rect(spec.x + spec.width * 0.2, by - 8, spec.width * 0.6, 10, shade(spec.wall, -0.15));
      for (let bx = spec.x + spec.width * 0.2; bx <= spec.x + spec.width * 0.8; bx += 14) {
        body += line(bx, by - 8, bx, by - 46, '#2f2f2f', 3);
      }
      body += line(spec.x + spec.width * 0.2, by - 46, spec.x + spec.width * 0.8, by - 46, '#2f2f2f', 4);
    }
  }
  return body + roof(spec, topY);
}
