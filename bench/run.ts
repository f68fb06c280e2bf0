import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '../tests/helpers/server-process';

/**
 * `npm run bench`: measures, never asserts (decision: numbers are compared between runs,
 * not timed in unit tests). Prints one table. Never run by CI.
 *
 *   GET /api/products on the large seed (about 300 products): requests/s, p99
 *   POST /api/submit-project with a 5 MB attachment, rate limit raised: requests/s, p99
 */
const PIN = existsSync('/usr/bin/taskset');

interface Row {
  figure: string;
  value: string;
  target: string;
}

function multipartBody(boundary: string): Buffer {
  const fields: Record<string, string> = {
    firstName: 'Koffi',
    lastName: 'Mensah',
    email: 'koffi.mensah@example.com',
    phone: '+229 01 97 00 00 00',
    projectTitle: 'Villa R+1 à Calavi',
    projectType: 'Construction résidentielle',
    location: 'Abomey-Calavi',
    budget: '25M - 50M FCFA',
    description: 'Construction d’une villa R+1 de quatre chambres sur une parcelle de 500 m².',
  };
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  // A 5 MB PDF: a valid header followed by filler; the server checks the bytes' signature.
  const pdf = Buffer.alloc(5 * 1024 * 1024, 0x20);
  pdf.write('%PDF-1.4\n', 0);
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`));
  parts.push(pdf, Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

async function measure(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options });
}

function rowsFor(label: string, result: autocannon.Result): Row[] {
  const errors = result.errors + result.non2xx;
  return [
    { figure: `${label} — requêtes/s (moyenne)`, value: result.requests.average.toFixed(0), target: 'comparaison entre versions' },
    { figure: `${label} — latence p99`, value: `${result.latency.p99} ms`, target: 'comparaison entre versions' },
    { figure: `${label} — erreurs / non-2xx`, value: String(errors), target: '0' },
  ];
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  // The load generator runs here: keep it off the server's core.
  if (PIN) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  console.log('Préparation du serveur avec le seed --large…');
  // The browser tests' launcher: production build, its own temp storage and database
  // (BENCH_DATABASE_URL to measure MySQL), rate limits raised explicitly (rulings).
  const server = await startServer({
    largeSeed: true,
    launcher: PIN ? ['taskset', '-c', '0'] : [],
    env: {
      SUBMISSION_RATE_LIMIT: '100000000',
      LOGIN_MAX_ATTEMPTS: '100000000',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
  });
  const rows: Row[] = [];
  try {
    const products = await measure({ url: `${server.baseUrl}/api/products`, connections: 10, duration: 20 });
    rows.push(...rowsFor('GET /api/products (seed --large)', products));

    const boundary = '----edifierbench';
    const submissions = await measure({
      url: `${server.baseUrl}/api/submit-project`,
      method: 'POST',
      connections: 4,
      amount: 120, // 120 × 5 MB written to disk: enough for a stable figure, bounded disk use
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipartBody(boundary),
    });
    rows.push(...rowsFor('POST /api/submit-project (5 Mo)', submissions));
  } finally {
    await server.stop();
  }
  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`\n${'Mesure'.padEnd(width)} | Valeur       | Cible`);
  console.log(`${'-'.repeat(width)}-|--------------|------`);
  for (const row of rows) console.log(`${row.figure.padEnd(width)} | ${row.value.padEnd(12)} | ${row.target}`);
  console.log(PIN ? '\nServeur sur le cœur 0, générateur de charge sur le cœur 1.' : '\ntaskset absent : processus non épinglés.');
}

main().catch((error: unknown) => {
  console.error('Échec du banc de mesure :', error);
  process.exit(1);
});
