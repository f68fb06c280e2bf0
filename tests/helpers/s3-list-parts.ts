import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * ListParts for s3rver, which has every other call of a multipart upload but answers this
 * one 405: @tus/s3-store asks it to learn an upload's offset (docs/decisions/0045-resumable-uploads.md,
 * "Store per driver"), so without it no resumable upload can be tested against a bucket.
 * It reads the parts s3rver itself wrote (`{uploads}/{uploadId}/{n}` and `{n}.md5`) and
 * answers as S3 does (ListPartsResult, or 404 NoSuchUpload once the upload is completed or
 * aborted, which @tus/s3-store takes to mean "finished"). Everything else stays s3rver's:
 * signatures, parts, completion, objects.
 */

interface Ctx {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

type Middleware = (ctx: Ctx, next: () => Promise<void>) => Promise<void>;

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `uploadsDir(bucket)`: where s3rver keeps a bucket's multipart uploads. */
export function listPartsMiddleware(uploadsDir: (bucket: string) => string): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'GET' || typeof uploadId !== 'string') return next();
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const dir = path.join(uploadsDir(bucket), path.basename(uploadId));
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0;
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((n) => n > marker)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(dir, String(n));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? marker}</NextPartNumberMarker>` +
      `<MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}
