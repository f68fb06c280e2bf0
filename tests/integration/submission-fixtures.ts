import { randomBytes } from 'node:crypto';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import archiver from 'archiver';
import type express from 'express';
import request from 'supertest';
import { pdfDocument } from '#server/seed/files/pdf-document';
import { jpeg, png } from '../helpers/images';

/**
 * What the submission tests share: a valid form, real files of every accepted kind, the
 * multipart request and a small zip reader (node's zlib cannot read an archive; the
 * central directory is parsed here, independently of the server).
 */

/** Product rules, Entities's payload names, with accents in values. */
export const VALID_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'Awa',
  lastName: 'Houénou',
  email: 'awa.houenou@example.bj',
  phone: '+229 01 97 12 34 56',
  company: 'Houénou Conseil',
  projectTitle: 'Villa R+1 à Fidjrossè',
  projectType: 'Construction résidentielle',
  location: 'Cotonou, Fidjrossè',
  startDate: '15/03/2027',
  budget: '25M - 50M FCFA',
  description: 'Une villa de quatre chambres, avec un suivi de chantier depuis Paris.',
};

export interface UploadFile {
  name: string;
  data: Buffer;
}

export const pdfBytes = (title = 'Plan de façade'): Buffer =>
  pdfDocument(title, ['Façade principale : 12,40 m']);

/** A buffer of exactly `size` bytes that starts like a PDF (size limits are about bytes). */
export function paddedPdf(size: number): Buffer {
  const data = Buffer.alloc(size, 0x20);
  data.write('%PDF-1.4\n');
  return data;
}

/**
 * A PDF-looking attachment of random bytes, which do not compress: its zip is as long as
 * the file and takes time to send (for downloads cancelled mid-stream).
 */
export const randomPdf = (name: string, size: number): UploadFile => ({
  name,
  data: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size)]),
});

export const jpegBytes = (): Promise<Buffer> =>
  jpeg({ width: 8, height: 8, color: { r: 0xc0, g: 0x50, b: 0x20 } });
export const pngBytes = (): Promise<Buffer> =>
  png({ width: 8, height: 8, color: { r: 0x20, g: 0x50, b: 0xc0 } });

/** The Compound File Binary signature of Word 97-2003, then an empty sector. */
export const docBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
/** An AutoCAD 2018 drawing header. */
export const dwgBytes = (): Buffer => Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(250)]);

/** A ZIP with the given entries, built by archiver in memory. */
export function zipBytes(entries: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const archive = archiver('zip');
    const chunks: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
    for (const [name, text] of Object.entries(entries)) archive.append(text, { name });
    void archive.finalize();
  });
}

/** The minimal parts of a Word document. */
export const docxBytes = (): Promise<Buffer> =>
  zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    'word/document.xml': '<?xml version="1.0"?><w:document/>',
  });

export function submit(
  app: express.Express,
  fields: Readonly<Record<string, string>> = VALID_FIELDS,
  files: readonly UploadFile[] = [],
) {
  const call = request(app).post('/api/submit-project').set('Accept', 'application/json');
  for (const [name, value] of Object.entries(fields)) call.field(name, value);
  for (const file of files) call.attach('attachments[]', file.data, file.name);
  return call;
}

/** Every file under a folder, relative paths; [] when the folder does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Supertest parser that keeps a binary body as a Buffer. */
export function binary(res: unknown, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

export interface ZipEntry {
  name: string;
  /** General purpose bit 11: the name is UTF-8. */
  utf8: boolean;
  data: Buffer;
}

/** Reads every entry of a ZIP (stored or deflated), checking each CRC-32. */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('pas de fin de répertoire central');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`entrée ${i} : signature invalide`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(data) !== crc) throw new Error(`entrée ${name} : CRC invalide`);
    entries.push({ name, utf8: (flags & 0x0800) !== 0, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
