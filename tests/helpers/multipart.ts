import type express from 'express';
import request from 'supertest';

/** Text fields of a form: an array repeats its name (`features`), pairs keep their order. */
export type FormFields =
  Record<string, string | readonly string[]> | ReadonlyArray<readonly [string, string]>;

export interface FormFile {
  /** The file input's name; the caller's default when left out. */
  field?: string;
  data: Buffer;
  name?: string;
}

/**
 * A multipart POST as the back office's forms send it: the text fields first, then the
 * files (JPEG), with the given headers (a bearer token). The one sender of the content
 * tests; each passes the name and file name its form uses by default.
 */
export function postForm(
  app: express.Express,
  url: string,
  fields: FormFields,
  files: readonly FormFile[],
  headers: Record<string, string>,
  defaults: { field: string; name: string },
) {
  const req = request(app).post(url).set(headers);
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields);
  for (const [name, value] of pairs as Array<[string, string | readonly string[]]>)
    for (const item of typeof value === 'string' ? [value] : value) req.field(name, item);
  for (const file of files)
    req.attach(file.field ?? defaults.field, file.data, {
      filename: file.name ?? defaults.name,
      contentType: 'image/jpeg',
    });
  return req;
}
