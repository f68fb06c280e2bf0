import type { SvgObject } from './objects-materials';
import { ellipse, line, poly, rect, shade } from './svg-kit';

/** Equipment and vehicles sold as "biens divers" (same conventions: floor at y = 0). */

function wheel(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#222222"/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="#b5b5b5"/><circle cx="${cx}" cy="${cy}" r="${r * 0.15}" fill="#555555"/>`;
}

export function generator(casing: string): SvgObject {
  let body = rect(-330, -60, 660, 40, '#2f2f2f') + wheel(-260, -30, 34) + wheel(260, -30, 34);
  body +=
    rect(-310, -380, 620, 320, casing, 'rx="16"') + rect(-310, -380, 620, 40, shade(casing, 0.2), 'rx="16"');
  for (let y = -320; y < -110; y += 26) body += rect(-270, y, 240, 12, shade(casing, -0.3), 'rx="6"');
  body +=
    rect(40, -310, 220, 150, '#2b2b2b', 'rx="8"') + `<circle cx="100" cy="-235" r="30" fill="#d9d9d9"/>`;
  body += rect(170, -270, 60, 30, '#e63946') + rect(170, -220, 60, 30, '#43aa8b');
  body += line(-310, -400, 310, -400, '#3a3a3a', 10);
  return { defs: '', body };
}

export function concreteMixer(drum: string): SvgObject {
  let body = line(-300, -60, 240, -60, '#333333', 14) + wheel(-200, -50, 60) + wheel(160, -50, 60);
  body += line(-40, -60, -80, -300, '#444444', 16) + line(120, -60, 80, -300, '#444444', 16);
  body +=
    `<g transform="rotate(-25 0 -360)">` +
    poly(
      [
        [-220, -450],
        [150, -470],
        [230, -410],
        [230, -310],
        [150, -250],
        [-220, -270],
      ],
      drum,
    ) +
    poly(
      [
        [230, -410],
        [300, -390],
        [300, -330],
        [230, -310],
      ],
      shade(drum, -0.3),
    ) +
    ellipse(305, -360, 16, 34, '#2b2b2b');
  for (let k = 0; k < 4; k++)
    body += line(-170 + k * 90, -455 + k * -3, -130 + k * 90, -268 - k * 2, shade(drum, -0.25), 6);
  body += '</g>';
  body += rect(-380, -200, 120, 90, '#5d5d5d', 'rx="8"') + line(240, -60, 380, -110, '#333333', 10);
  return { defs: '', body };
}

export function pickupTruck(paint: string): SvgObject {
  let body = `<path d="M -460 -90 L -460 -210 L -280 -220 L -190 -340 L 40 -340 L 100 -220 L 460 -220 L 460 -90 Z" fill="${paint}"/>`;
  body += poly(
    [
      [-170, -320],
      [20, -320],
      [70, -225],
      [-250, -225],
    ],
    '#8fc3e0',
  );
  body += line(-75, -320, -75, -225, paint, 8);
  body += rect(100, -260, 360, 40, shade(paint, -0.2));
  body +=
    rect(-470, -130, 60, 30, '#d9d9d9') +
    rect(440, -200, 24, 40, '#e63946') +
    rect(-466, -200, 24, 30, '#fff2b3');
  body += wheel(-290, -80, 80) + wheel(300, -80, 80);
  body += rect(-60, -200, 40, 10, shade(paint, -0.4));
  return { defs: '', body };
}

/** Steel scaffolding tubes and couplers, sold as a lot. */
export function scaffoldingLot(): SvgObject {
  let body = '';
  for (let i = 0; i < 9; i++) {
    const y = -30 - (i % 3) * 34 - Math.floor(i / 3) * 17;
    body += line(
      -420 + Math.floor(i / 3) * 17,
      y,
      420,
      y,
      i % 2 ? '#9ea7ad' : '#b5bdc2',
      26,
      'stroke-linecap="round"',
    );
  }
  for (const x of [-250, 0, 250])
    body += rect(x - 60, -520, 20, 400, '#c47a2c') + rect(x + 40, -520, 20, 400, '#c47a2c');
  for (let y = -500; y < -130; y += 60) {
    for (const x of [-250, 0, 250]) body += rect(x - 60, y, 120, 12, '#d08a2e');
  }
  return { defs: '', body };
}
