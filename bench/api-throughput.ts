import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLoad, type LoadResult } from './load-runner';

/**
 * The API figures, compared between versions (no target): GET /api/products on the large
 * seed, and submissions with a 5 MB attachment (rate limit raised by the bench's server).
 */

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
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  // A 5 MB PDF: a valid header followed by filler; the server checks the bytes' signature.
  const pdf = Buffer.alloc(5 * 1024 * 1024, 0x20);
  pdf.write('%PDF-1.4\n', 0);
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
  );
  parts.push(pdf, Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

export async function apiThroughput(
  baseUrl: string,
): Promise<{ products: LoadResult; submissions: LoadResult }> {
  const products = await runLoad({ url: `${baseUrl}/api/products`, connections: 10, duration: 20 });
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-bench-'));
  try {
    const boundary = '----edifierbench';
    const bodyFile = path.join(dir, 'submission.bin');
    writeFileSync(bodyFile, multipartBody(boundary));
    const submissions = await runLoad({
      url: `${baseUrl}/api/submit-project`,
      method: 'POST',
      connections: 4,
      amount: 120, // 120 × 5 MB written to disk: enough for a stable figure, bounded disk use
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      bodyFile,
    });
    return { products, submissions };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
