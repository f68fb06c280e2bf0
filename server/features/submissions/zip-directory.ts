import type { FileHandle } from 'node:fs/promises';

/**
 * The entry names of a ZIP file, read from its central directory (enough to tell a Word
 * .docx from any other ZIP, see attachment-content.ts). Only what a .docx of at most
 * 10 MB needs: no ZIP64, no multi-disk archives. Anything unreadable gives null.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
/** The end record may be followed by a comment of up to 65535 bytes. */
const EOCD_SEARCH = EOCD_SIZE + 0xffff;
const CENTRAL_ENTRY_SIZE = 46;
/** A .docx holds a few dozen entries; a directory past this is not worth reading. */
const MAX_DIRECTORY_BYTES = 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

export async function zipEntryNames(handle: FileHandle, fileSize: number): Promise<string[] | null> {
  if (fileSize < EOCD_SIZE) return null;
  const tailStart = Math.max(0, fileSize - EOCD_SEARCH);
  const tail = await readAt(handle, tailStart, fileSize - tailStart);
  let end = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > fileSize) return null;

  const directory = await readAt(handle, directoryOffset, directorySize);
  const names: string[] = [];
  let at = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + CENTRAL_ENTRY_SIZE > directory.length || directory.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE)
      return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const nameStart = at + CENTRAL_ENTRY_SIZE;
    if (nameStart + nameLength > directory.length) return null;
    names.push(directory.toString('utf8', nameStart, nameStart + nameLength));
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return names;
}
