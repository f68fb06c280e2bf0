import type { SvgObject } from './objects-materials';
import { ellipse, line, linearGradient, rect, shade } from './svg-kit';

/** Furniture and decoration, same conventions as objects-materials (floor at y = 0). */

export function sofa(fabric: string, seats = 3): SvgObject {
  const width = 220 * seats;
  const left = -width / 2 - 60;
  let body = rect(left, -330, width + 120, 200, shade(fabric, -0.12), 'rx="30"');
  for (let i = 0; i < seats; i++) {
    body += rect(-width / 2 + i * 220 + 6, -310, 208, 150, shade(fabric, 0.08), 'rx="22"');
    body += rect(-width / 2 + i * 220 + 4, -170, 212, 80, fabric, 'rx="18"');
  }
  body +=
    rect(left, -260, 80, 190, shade(fabric, -0.05), 'rx="28"') +
    rect(left + width + 40, -260, 80, 190, shade(fabric, -0.05), 'rx="28"');
  body += rect(left + 10, -100, width + 100, 40, shade(fabric, -0.25), 'rx="10"');
  for (const x of [left + 40, left + width + 70]) body += rect(x, -60, 16, 60, '#4a3424');
  const cushionX = -width / 2 + 40;
  body += rect(cushionX, -300, 110, 90, '#f2e6c9', `rx="16" transform="rotate(-8 ${cushionX + 55} -255)"`);
  return { defs: '', body };
}

export function armchair(fabric: string): SvgObject {
  const body =
    rect(-190, -360, 380, 240, shade(fabric, -0.1), 'rx="40"') +
    rect(-150, -190, 300, 90, fabric, 'rx="20"') +
    rect(-230, -250, 80, 180, shade(fabric, 0.05), 'rx="30"') +
    rect(150, -250, 80, 180, shade(fabric, 0.05), 'rx="30"') +
    rect(-200, -90, 400, 30, shade(fabric, -0.3), 'rx="8"') +
    rect(-180, -60, 14, 60, '#4a3424') +
    rect(166, -60, 14, 60, '#4a3424');
  return { defs: '', body };
}

export function bed(wood: string, linen: string): SvgObject {
  const defs = linearGradient('headboard', [
    [0, shade(wood, 0.1)],
    [1, shade(wood, -0.15)],
  ]);
  let body = rect(-420, -470, 840, 300, 'url(#headboard)', 'rx="18"');
  for (let x = -380; x < 400; x += 95) body += line(x, -450, x, -190, shade(wood, -0.25), 4);
  body += rect(-440, -200, 880, 120, shade(wood, -0.1), 'rx="10"');
  body += rect(-410, -250, 820, 90, '#fbfbf7', 'rx="20"');
  body += rect(-370, -300, 300, 80, '#ffffff', 'rx="30"') + rect(70, -300, 300, 80, '#ffffff', 'rx="30"');
  body +=
    rect(-410, -220, 820, 110, linen, 'rx="24"') + rect(-410, -220, 820, 24, shade(linen, 0.2), 'rx="12"');
  body += rect(-430, -80, 40, 80, shade(wood, -0.3)) + rect(390, -80, 40, 80, shade(wood, -0.3));
  return { defs, body };
}

export function diningTable(wood: string, chairs: string): SvgObject {
  let body = '';
  for (const x of [-330, -110, 110, 330]) {
    body +=
      rect(x - 60, -430, 120, 230, chairs, 'rx="14"') + rect(x - 70, -210, 140, 26, shade(chairs, -0.2));
    body += rect(x - 62, -190, 12, 190, '#3d2b1d') + rect(x + 50, -190, 12, 190, '#3d2b1d');
  }
  body += rect(-460, -300, 920, 40, wood) + rect(-460, -300, 920, 10, shade(wood, 0.25));
  body += rect(-440, -262, 26, 262, shade(wood, -0.25)) + rect(414, -262, 26, 262, shade(wood, -0.25));
  body += rect(-400, -262, 800, 30, shade(wood, -0.15));
  body +=
    ellipse(0, -312, 70, 12, '#f5f5f5') +
    ellipse(-240, -306, 40, 7, '#ffffff') +
    ellipse(240, -306, 40, 7, '#ffffff');
  return { defs: '', body };
}

export function wardrobe(wood: string, doors = 3): SvgObject {
  const width = 190 * doors;
  let body = rect(-width / 2 - 20, -720, width + 40, 700, shade(wood, -0.2), 'rx="6"');
  for (let i = 0; i < doors; i++) {
    const x = -width / 2 + i * 190;
    body +=
      rect(x + 6, -700, 178, 660, wood) +
      rect(x + 26, -670, 138, 600, shade(wood, 0.08), `stroke="${shade(wood, -0.2)}" stroke-width="4"`);
    body += rect(i % 2 ? x + 20 : x + 150, -400, 12, 80, '#d8b25a', 'rx="5"');
  }
  body +=
    rect(-width / 2 - 30, -740, width + 60, 26, shade(wood, -0.3)) +
    rect(-width / 2 - 10, -20, width + 20, 20, shade(wood, -0.35));
  return { defs: '', body };
}

/** A low coffee table with a vase of flowers and a woven basket: the decoration line. */
export function decorSet(vase: string): SvgObject {
  let body =
    rect(-320, -190, 640, 36, '#7a5230', 'rx="8"') +
    rect(-290, -156, 24, 156, '#5a3b22') +
    rect(266, -156, 24, 156, '#5a3b22');
  body += `<path d="M -60 -190 Q -110 -280 -50 -350 L 50 -350 Q 110 -280 60 -190 Z" fill="${vase}"/>`;
  body +=
    line(0, -350, -40, -470, '#3f7d3a', 5) +
    line(0, -350, 30, -490, '#3f7d3a', 5) +
    line(0, -350, 70, -450, '#3f7d3a', 5);
  for (const [x, y, c] of [
    [-40, -480, '#e85d75'],
    [30, -500, '#f2b705'],
    [72, -460, '#e85d75'],
  ] as const) {
    body += `<circle cx="${x}" cy="${y}" r="22" fill="${c}"/><circle cx="${x}" cy="${y}" r="8" fill="#fff3c4"/>`;
  }
  body += ellipse(200, -215, 70, 24, '#c9a36b');
  for (let k = 0; k < 5; k++) body += line(140 + k * 30, -240, 140 + k * 30, -195, '#a57f49', 3);
  // A framed picture on the wall behind.
  body +=
    rect(-200, -760, 400, 260, '#3b2a1c') +
    rect(-180, -740, 360, 220, '#e9c46a') +
    `<circle cx="-60" cy="-650" r="40" fill="#e76f51"/>`;
  body += `<path d="M -180 -520 L -60 -620 L 40 -560 L 110 -610 L 180 -520 Z" fill="#2a9d8f"/>`;
  return { defs: '', body };
}
