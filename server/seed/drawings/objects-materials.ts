import { ellipse, line, linearGradient, poly, rect, shade } from './svg-kit';

/**
 * Building materials, each drawn standing on a floor line at y = 0 and centred on x = 0,
 * about 700 units wide: the caller places them with a transform (studio shot or banner).
 * Gradient ids are prefixed by the object so two objects can share one picture.
 */
export interface SvgObject {
  defs: string;
  body: string;
}

function sack(x: number, y: number, colour: string, band: string): string {
  const w = 210;
  const h = 120;
  return (
    `<path d="M ${x} ${y + 10} Q ${x - 6} ${y + h / 2} ${x} ${y + h - 8} Q ${x + w / 2} ${y + h + 8} ${x + w} ${y + h - 8} ` +
    `Q ${x + w + 6} ${y + h / 2} ${x + w} ${y + 10} Q ${x + w / 2} ${y - 6} ${x} ${y + 10} Z" fill="${colour}" stroke="${shade(colour, -0.25)}" stroke-width="3"/>` +
    rect(x + 30, y + 36, w - 60, 46, band, 'rx="6"') +
    `<circle cx="${x + w / 2}" cy="${y + 59}" r="16" fill="${shade(colour, 0.3)}"/>` +
    line(x + 20, y + 16, x + w - 20, y + 16, shade(colour, -0.15), 2)
  );
}

/** Cement sacks of 50 kg stacked 3-2-1 on a pallet. */
export function cementSacks(colour: string, band: string): SvgObject {
  let body = rect(-360, -30, 720, 30, '#a87b4f') + rect(-360, -30, 720, 6, '#c69a6a');
  const rows = [3, 2, 1];
  rows.forEach((count, row) => {
    const y = -30 - (row + 1) * 112;
    const start = -(count * 215) / 2;
    for (let i = 0; i < count; i++) body += sack(start + i * 215, y, colour, band);
  });
  return { defs: '', body };
}

/** A bundle of ribbed reinforcing bars lying on timber chocks. */
export function rebarBundle(): SvgObject {
  let body = rect(-300, -40, 60, 40, '#8a6a45') + rect(220, -40, 60, 40, '#8a6a45');
  for (let i = 0; i < 14; i++) {
    const y = -50 - (i % 5) * 16 - Math.floor(i / 5) * 6;
    const x0 = -430 + (i % 3) * 8;
    body += line(x0, y, x0 + 860, y - 160, i % 2 ? '#6d4c3d' : '#7d5a48', 12, 'stroke-linecap="round"');
    for (let r = 0; r < 40; r++) {
      const t = r / 40;
      const rx = x0 + 860 * t;
      const ry = y - 160 * t;
      body += line(rx - 3, ry - 5, rx + 3, ry + 5, '#4e3529', 2, 'opacity="0.6"');
    }
  }
  body += line(-120, -60, -110, -150, '#3a3a3a', 4) + line(160, -110, 170, -200, '#3a3a3a', 4);
  return { defs: '', body };
}

/** Hollow concrete blocks of 15, a small wall of them. */
export function concreteBlocks(): SvgObject {
  const defs = linearGradient('block', [
    [0, '#b9b6b0'],
    [1, '#9c9891'],
  ]);
  let body = '';
  for (let row = 0; row < 4; row++) {
    const offset = row % 2 ? 70 : 0;
    const count = 4 - (row === 3 ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const x = -290 + offset + i * 145;
      const y = -(row + 1) * 74;
      body += rect(x, y, 140, 70, 'url(#block)', 'stroke="#85817a" stroke-width="2"');
      for (let dot = 0; dot < 12; dot++)
        body += `<circle cx="${x + 10 + ((dot * 37) % 120)}" cy="${y + 8 + ((dot * 23) % 56)}" r="2" fill="#8e8a83"/>`;
    }
  }
  // Top view of one loose block shows the two cells that name it "parpaing creux".
  body +=
    poly(
      [
        [180, -40],
        [330, -40],
        [360, -80],
        [210, -80],
      ],
      '#c2bfb9',
    ) + rect(180, -40, 150, 40, '#a29e97');
  body +=
    poly(
      [
        [205, -50],
        [245, -50],
        [258, -70],
        [218, -70],
      ],
      '#6d6a64',
    ) +
    poly(
      [
        [270, -50],
        [310, -50],
        [323, -70],
        [283, -70],
      ],
      '#6d6a64',
    );
  return { defs, body };
}

/** Corrugated aluminium roofing sheets, stacked, seen from their trapezoidal edge. */
export function roofSheets(colour: string): SvgObject {
  let body = '';
  for (let s = 0; s < 6; s++) {
    const y = -20 - s * 22;
    let d = `M -400 ${y}`;
    for (let k = 0; k < 10; k++) {
      const x = -400 + k * 80;
      d += ` L ${x + 15} ${y} L ${x + 25} ${y - 18} L ${x + 55} ${y - 18} L ${x + 65} ${y} L ${x + 80} ${y}`;
    }
    body += poly(
      [
        [-400, y],
        [400, y],
        [470, y - 60],
        [-330, y - 60],
      ],
      shade(colour, -0.1 + s * 0.03),
    );
    body += `<path d="${d}" stroke="${shade(colour, -0.35)}" stroke-width="4" fill="none"/>`;
  }
  return { defs: '', body };
}

/** A paint bucket of 20 L with its roller. */
export function paintBucket(paint: string): SvgObject {
  const defs = linearGradient(
    'bucket',
    [
      [0, '#f4f4f4'],
      [0.6, '#ffffff'],
      [1, '#d9d9d9'],
    ],
    false,
  );
  const body =
    rect(-170, -380, 340, 380, 'url(#bucket)') +
    ellipse(0, -380, 170, 36, '#e6e6e6') +
    ellipse(0, -380, 150, 28, paint) +
    rect(-170, -280, 340, 120, paint) +
    `<path d="M -170 -300 Q -200 -430 0 -470 Q 200 -430 170 -300" stroke="#777777" stroke-width="8" fill="none"/>` +
    `<circle cx="0" cy="-220" r="36" fill="#ffffff" opacity="0.85"/>` +
    `<path d="M -120 -160 q 6 40 0 60" stroke="${paint}" stroke-width="14" stroke-linecap="round"/>` +
    // Roller on the floor.
    rect(210, -70, 200, 56, paint, 'rx="26"') +
    line(310, -14, 310, 30, '#555555', 8) +
    rect(296, -10, 28, 14, '#444444');
  return { defs, body };
}

/** Vitreous china: a close-coupled toilet and a pedestal washbasin. */
export function sanitaryWare(accent: string): SvgObject {
  const body =
    // Washbasin.
    rect(-330, -300, 30, 300, '#f1f1f1') +
    ellipse(-315, -300, 120, 30, '#fafafa') +
    ellipse(-315, -305, 90, 18, '#dde7ee') +
    rect(-324, -345, 18, 40, '#c0c6cc') +
    // Toilet: tank, bowl, seat.
    rect(60, -430, 220, 150, '#fafafa', 'rx="14" stroke="#dcdcdc" stroke-width="3"') +
    rect(140, -450, 60, 14, accent, 'rx="6"') +
    `<path d="M 40 -280 H 300 Q 300 -150 220 -120 L 210 0 H 130 L 120 -120 Q 40 -150 40 -280 Z" fill="#f6f6f6" stroke="#dcdcdc" stroke-width="3"/>` +
    ellipse(170, -280, 130, 20, accent, 'opacity="0.85"');
  return { defs: '', body };
}

/** PVC pipes and elbows for plumbing. */
export function pvcPipes(): SvgObject {
  let body = '';
  for (let i = 0; i < 7; i++) {
    const y = -40 - (i % 4) * 46 - Math.floor(i / 4) * 23;
    const x = -380 + Math.floor(i / 4) * 23;
    body += rect(x, y - 20, 700, 40, '#9aa3ab') + rect(x, y - 20, 700, 10, '#b9c1c8');
    body += ellipse(x + 700, y, 12, 20, '#7d868e') + ellipse(x + 700, y, 7, 13, '#3e4449');
  }
  body += `<path d="M 240 -20 v -70 a 40 40 0 0 1 40 -40 h 70" stroke="#e8e8e8" stroke-width="36" fill="none"/>`;
  return { defs: '', body };
}

/** Electrical supplies: a cable reel, a switch and a socket on a board. */
export function electricalSupplies(cable: string): SvgObject {
  let body = `<circle cx="-180" cy="-190" r="190" fill="#b8874f"/><circle cx="-180" cy="-190" r="150" fill="${cable}"/>`;
  for (let r = 150; r > 60; r -= 14)
    body += `<circle cx="-180" cy="-190" r="${r}" fill="none" stroke="${shade(cable, -0.3)}" stroke-width="3"/>`;
  body += `<circle cx="-180" cy="-190" r="60" fill="#8d6a3d"/><circle cx="-180" cy="-190" r="22" fill="#5b4327"/>`;
  body += rect(90, -330, 260, 330, '#f3f3f3', 'rx="10" stroke="#d0d0d0" stroke-width="3"');
  body +=
    rect(150, -300, 140, 110, '#ffffff', 'rx="8" stroke="#cccccc" stroke-width="3"') +
    rect(205, -275, 30, 60, '#e3e3e3', 'rx="4"');
  body += rect(150, -160, 140, 110, '#ffffff', 'rx="8" stroke="#cccccc" stroke-width="3"');
  body += `<circle cx="200" cy="-105" r="9" fill="#555555"/><circle cx="240" cy="-105" r="9" fill="#555555"/>`;
  return { defs: '', body };
}

/** A solid wood entrance door in its frame. */
export function woodenDoor(wood: string): SvgObject {
  let body = rect(-220, -640, 440, 640, shade(wood, -0.3)) + rect(-190, -615, 380, 615, wood);
  for (const [x, y, w, h] of [
    [-160, -580, 140, 250],
    [20, -580, 140, 250],
    [-160, -290, 140, 250],
    [20, -290, 140, 250],
  ] as const) {
    body += rect(x, y, w, h, shade(wood, -0.12), `stroke="${shade(wood, 0.15)}" stroke-width="6"`);
  }
  body += rect(140, -330, 14, 70, '#d8b25a', 'rx="6"');
  return { defs: '', body };
}

/** A wheelbarrow, the hardware counter's best seller. */
export function wheelbarrow(tray: string): SvgObject {
  const body =
    poly(
      [
        [-300, -330],
        [160, -330],
        [90, -170],
        [-210, -170],
      ],
      tray,
    ) +
    poly(
      [
        [-300, -330],
        [160, -330],
        [140, -310],
        [-280, -310],
      ],
      shade(tray, 0.25),
    ) +
    line(-210, -170, -330, -120, '#333333', 12) +
    line(90, -170, 380, -260, '#333333', 12) +
    line(-120, -170, -150, 0, '#444444', 10) +
    line(40, -170, 10, -10, '#444444', 10) +
    `<circle cx="-330" cy="-90" r="80" fill="#2b2b2b"/><circle cx="-330" cy="-90" r="30" fill="#9a9a9a"/>`;
  return { defs: '', body };
}
