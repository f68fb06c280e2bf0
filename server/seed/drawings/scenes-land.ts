import { rng } from '#server/seed/random';
import {
  SCENE,
  bush,
  cloud,
  drawing,
  grass,
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

/**
 * Land plots for sale: sky, horizon, a staked plot of red earth (the laterite of southern
 * Benin) or sand near the coast, vegetation around it.
 */
export interface PlotOptions {
  sky: SkyColours;
  soil: string;
  vegetation: string;
  /** Lagoon or ocean on the horizon (Ouidah, Fidjrossè, Sèmè-Podji). */
  water?: string;
  palms: number;
  /** A small house in the distance for plots in a neighbourhood already built up. */
  neighbours?: boolean;
  /** A "sold" plot shows a finished wall around it. */
  walled?: boolean;
  seed: number;
}

const HORIZON = 430;

export function plotScene(options: PlotOptions): Drawing {
  const { width, height } = SCENE;
  const random = rng(options.seed);
  const base = sky(SCENE, options.sky, [200 + random() * 880, 110]);
  let defs =
    base.defs +
    linearGradient('land', [
      [0, shade(options.vegetation, 0.1)],
      [1, shade(options.vegetation, -0.25)],
    ]);
  defs += linearGradient('soil', [
    [0, shade(options.soil, 0.15)],
    [1, shade(options.soil, -0.1)],
  ]);
  let body = base.body + cloud(300 + random() * 200, 120, 1) + cloud(850 + random() * 200, 170, 0.7, 0.8);
  if (options.water) {
    body +=
      rect(0, HORIZON - 40, width, 46, options.water) +
      rect(0, HORIZON - 40, width, 6, shade(options.water, 0.3));
  }
  // Distant tree line.
  for (let x = -40; x < width + 40; x += 60 + random() * 40) {
    body += `<ellipse cx="${x}" cy="${HORIZON}" rx="${50 + random() * 40}" ry="${20 + random() * 25}" fill="${shade(options.vegetation, -0.35)}"/>`;
  }
  body += rect(0, HORIZON, width, height - HORIZON, 'url(#land)');
  body += grass(options.seed, HORIZON + 20, height, width, 160, shade(options.vegetation, -0.4));
  if (options.neighbours) {
    body +=
      rect(880, HORIZON - 60, 140, 70, '#efe4cc') +
      poly(
        [
          [870, HORIZON - 60],
          [950, HORIZON - 105],
          [1030, HORIZON - 60],
        ],
        '#a24d31',
      );
    body += rect(930, HORIZON - 20, 22, 30, '#6b4226');
  }

  // The plot itself, in perspective, with corner stakes (bornes) and string lines.
  const plot: [number, number][] = [
    [330, 500],
    [960, 500],
    [1120, 790],
    [170, 790],
  ];
  body += poly(plot, 'url(#soil)');
  body += grass(options.seed + 7, 520, 780, width, 25, shade(options.soil, -0.35));
  const stakes = plot
    .map(([x, y]) => rect(x - 7, y - 38, 14, 42, '#e8e2d4') + rect(x - 7, y - 38, 14, 10, '#d64531'))
    .join('');
  const cords = plot
    .map(([x, y], i) => {
      const [nx, ny] = plot[(i + 1) % plot.length]!;
      return line(x, y - 30, nx, ny - 30, '#f5f0e6', 2, 'opacity="0.8"');
    })
    .join('');
  if (options.walled) {
    body += poly(
      [
        [330, 470],
        [960, 470],
        [960, 500],
        [330, 500],
      ],
      '#d8cdb8',
    );
    body += poly(
      [
        [960, 470],
        [1120, 740],
        [1120, 790],
        [960, 500],
      ],
      '#c4b8a1',
    );
    body += poly(
      [
        [330, 470],
        [170, 740],
        [170, 790],
        [330, 500],
      ],
      '#c4b8a1',
    );
  }
  body += cords + stakes;
  for (let i = 0; i < options.palms; i++) {
    const left = i % 2 === 0;
    const x = left ? 40 + random() * 120 : 1120 + random() * 120;
    body += palm(x, 560 + random() * 120, 260 + random() * 140, left ? -0.1 : 0.12);
  }
  body += bush(90, 800, 1.3, options.vegetation) + bush(1200, 820, 1.1, shade(options.vegetation, 0.1));
  return drawing(SCENE, body, defs);
}
