import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './table';

/**
 * Lighthouse 12.8.2 (later versions need Node 22) through npx, never installed in the
 * project, on Debian's Chromium. Mobile preset (Lighthouse's default): Moto G Power
 * viewport 412x823, 4x CPU slowdown and slow 4G, simulated.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';

/** The stress profile of product rules, Public site: 10x CPU slowdown, 300 ms round trip, 700 Kbps both ways. */
export const STRESS_FLAGS = [
  '--throttling-method=devtools',
  '--throttling.cpuSlowdownMultiplier=10',
  '--throttling.requestLatencyMs=300',
  '--throttling.downloadThroughputKbps=700',
  '--throttling.uploadThroughputKbps=700',
];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer sizes of what the page loaded (network-requests audit). */
  imageBytes: number;
  totalBytes: number;
  /** Audits that cost accessibility, best-practices or SEO points, in any run. */
  failedAudits: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
  runtimeError?: { code: string; message: string };
}

function runOnce(url: string, extraFlags: string[]): Promise<LighthouseFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-lh-'));
  const out = path.join(dir, 'report.json');
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS}`,
    ...extraFlags,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      'npx',
      args,
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 16 * 1024 * 1024, timeout: 240_000 },
      (error, _stdout, stderr) => {
        try {
          if (error)
            throw new Error(`Lighthouse en échec sur ${url} : ${error.message}\n${stderr.slice(-2000)}`);
          const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
          if (report.runtimeError)
            throw new Error(
              `Lighthouse sur ${url} : ${report.runtimeError.code} ${report.runtimeError.message}`,
            );
          const score = (id: string) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100);
          const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
          const requests = report.audits['network-requests']?.details?.items ?? [];
          const sum = (items: typeof requests) =>
            items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
          resolve({
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            lcpMs: numeric('largest-contentful-paint'),
            tbtMs: numeric('total-blocking-time'),
            cls: numeric('cumulative-layout-shift'),
            imageBytes: sum(requests.filter((r) => r.resourceType === 'Image')),
            totalBytes: sum(requests),
            failedAudits: ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
              (report.categories[category]?.auditRefs ?? [])
                .filter(
                  (ref) =>
                    ref.weight > 0 &&
                    report.audits[ref.id]?.score !== null &&
                    (report.audits[ref.id]?.score ?? 1) < 1,
                )
                .map((ref) => ref.id),
            ),
          });
        } catch (failure) {
          reject(failure instanceof Error ? failure : new Error(String(failure)));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  });
}

/** `runs` runs one after the other (never in parallel: they would slow each other down), each figure's median. */
export async function lighthouse(
  url: string,
  runs: number,
  extraFlags: string[] = [],
): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    // One more try for a run that fails: Chromium under Lighthouse now and then exits
    // before its report (seen once in 135 runs), which would leave the page unmeasured.
    try {
      results.push(await runOnce(url, extraFlags));
    } catch {
      results.push(await runOnce(url, extraFlags));
    }
  }
  const pick = (key: Exclude<keyof LighthouseFigures, 'failedAudits'>) => median(results.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    imageBytes: pick('imageBytes'),
    totalBytes: pick('totalBytes'),
    failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
  };
}

/** Downloads Lighthouse into npx's cache once, before anything is timed. */
export function ensureLighthouse(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('npx', ['-y', LIGHTHOUSE, '--version'], { timeout: 600_000 }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}
