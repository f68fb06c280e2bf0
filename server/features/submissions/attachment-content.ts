import { open } from 'node:fs/promises';
import { fileExtension, type AttachmentExtension } from '#shared/schemas/submission';
import { detectImageType } from '#server/images/detect-type';
import { zipEntryNames } from './zip-directory';

/**
 * What an attachment really is, judged by its bytes (product rules, Security), and whether
 * its extension says the same. The stored MIME type comes from here, never from the
 * visitor's browser.
 */
export type AttachmentKind = 'pdf' | 'doc' | 'docx' | 'jpeg' | 'png' | 'dwg';

export const ATTACHMENT_MIME_TYPES: Readonly<Record<AttachmentKind, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  png: 'image/png',
  dwg: 'image/vnd.dwg',
};

/** Product rules, Validation's extensions and the content each must have. */
const KIND_OF_EXTENSION: Readonly<Record<AttachmentExtension, AttachmentKind>> = {
  '.pdf': 'pdf',
  '.doc': 'doc',
  '.docx': 'docx',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.dwg': 'dwg',
};

/** Stored names end with the kind's usual extension (server-generated, product rules). */
export const STORED_EXTENSIONS: Readonly<Record<AttachmentKind, string>> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  jpeg: 'jpg',
  png: 'png',
  dwg: 'dwg',
};

const HEAD_BYTES = 16;
// Strictly at the start: readers tolerate leading junk, but a file that needs the
// tolerance is not one a visitor exports from a real tool.
const PDF_MAGIC = Buffer.from('%PDF-');
// Compound File Binary (OLE2): the container of Word 97-2003 documents.
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// AutoCAD drawings start with their version: AC1009 (R12) to AC1032 (2018+).
const DWG_MAGIC = /^AC10\d\d/;

/** The kind the content has, without regard to the name; null when it is none of them. */
export async function detectAttachmentKind(filePath: string): Promise<AttachmentKind | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const startsWith = (magic: Buffer) => head.subarray(0, magic.length).equals(magic);
    if (startsWith(PDF_MAGIC)) return 'pdf';
    if (startsWith(CFB_MAGIC)) return 'doc';
    if (DWG_MAGIC.test(head.toString('latin1', 0, 6))) return 'dwg';
    const image = detectImageType(head);
    if (image === 'jpeg' || image === 'png') return image;
    if (startsWith(ZIP_MAGIC)) {
      // Any OOXML package lists [Content_Types].xml; a Word one keeps its parts under word/.
      const names = await zipEntryNames(handle, size);
      if (names?.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/')))
        return 'docx';
    }
    return null;
  } finally {
    await handle.close();
  }
}

export type AttachmentVerdict =
  { ok: true; kind: AttachmentKind } | { ok: false; reason: 'extension' | 'content' };

/** An accepted extension, and bytes of the kind that extension names. */
export async function checkAttachment(originalName: string, filePath: string): Promise<AttachmentVerdict> {
  const expected = KIND_OF_EXTENSION[fileExtension(originalName) as AttachmentExtension] as
    AttachmentKind | undefined;
  if (!expected) return { ok: false, reason: 'extension' };
  const actual = await detectAttachmentKind(filePath);
  return actual === expected ? { ok: true, kind: actual } : { ok: false, reason: 'content' };
}
