import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAttachment, detectAttachmentKind } from '#server/features/submissions/attachment-content';
import {
  asciiFileName,
  attachmentDisposition,
  safeEntryName,
  uniqueEntryNames,
  zipFileName,
} from '#server/features/submissions/download-names';
import { zipBytes as zip } from '../integration/submission-fixtures';

/**
 * The pure parts of the submissions feature: judging attachments by their bytes (product rules,
 * Security) and naming the zip and its entries. The per-client
 * window is tested in rate-limit.test.ts.
 */

const folder = mkdtempSync(path.join(tmpdir(), 'edifier-attachments-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function fileWith(name: string, data: Buffer): string {
  const file = path.join(folder, name);
  writeFileSync(file, data);
  return file;
}

describe('attachment content', () => {
  it('recognises each accepted kind by its first bytes', async () => {
    const samples: [string, Buffer][] = [
      ['pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
      [
        'doc',
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]),
      ],
      ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
      ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
      ['dwg', Buffer.from('AC1027\0\0\0\0')],
    ];
    for (const [kind, data] of samples)
      expect(await detectAttachmentKind(fileWith(`sample-${kind}`, data)), kind).toBe(kind);
  });

  it('tells a Word document from any other ZIP by its parts', async () => {
    const word = await zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const sheet = await zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    const plain = await zip({ 'word/readme.txt': 'pas de types' });
    expect(await detectAttachmentKind(fileWith('word.zip', word))).toBe('docx');
    expect(await detectAttachmentKind(fileWith('sheet.zip', sheet))).toBeNull();
    expect(await detectAttachmentKind(fileWith('plain.zip', plain))).toBeNull();
    // A ZIP header with a broken directory is nothing.
    expect(await detectAttachmentKind(fileWith('broken.zip', word.subarray(0, word.length - 10)))).toBeNull();
  });

  it('knows nothing of text, HTML, SVG, WebP, GIF, an empty file, or a PDF header further in', async () => {
    const others: Buffer[] = [
      Buffer.from('bonjour'),
      Buffer.from('<html><body>%PDF-</body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
      Buffer.from('GIF89a'),
      Buffer.alloc(0),
      Buffer.from('  %PDF-1.4'),
    ];
    for (const [i, data] of others.entries())
      expect(await detectAttachmentKind(fileWith(`other-${i}`, data)), String(i)).toBeNull();
  });

  it('requires the extension to name what the bytes are', async () => {
    const png = fileWith('image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await checkAttachment('vue.PNG', png)).toEqual({ ok: true, kind: 'png' });
    expect(await checkAttachment('vue.jpg', png)).toEqual({ ok: false, reason: 'content' });
    expect(await checkAttachment('vue.gif', png)).toEqual({ ok: false, reason: 'extension' });
    const jpeg = fileWith('photo', Buffer.from([0xff, 0xd8, 0xff, 0xdb]));
    expect(await checkAttachment('photo.jpeg', jpeg)).toEqual({ ok: true, kind: 'jpeg' });
    expect(await checkAttachment('photo.jpg', jpeg)).toEqual({ ok: true, kind: 'jpeg' });
  });
});

describe('download names', () => {
  it('keeps accents and drops folders, control characters, `..` and what Windows refuses', () => {
    expect(safeEntryName('Plan façade.pdf')).toBe('Plan façade.pdf');
    expect(safeEntryName('Plan façade.pdf'.normalize('NFD'))).toBe('Plan façade.pdf');
    expect(safeEntryName('../../etc/passwd')).toBe('passwd');
    expect(safeEntryName('C:\\Users\\Awa\\devis.pdf')).toBe('devis.pdf');
    expect(safeEntryName('..')).toBe('fichier');
    expect(safeEntryName('a..b...pdf')).toBe('a.b.pdf');
    expect(safeEntryName('.htaccess')).toBe('htaccess');
    expect(safeEntryName('rapport\u202Efdp.exe')).toBe('rapportfdp.exe');
    expect(safeEntryName('nom\r\n"cité"<>|?*:.pdf')).toBe('nom_cité_______.pdf');
    expect(safeEntryName('   ')).toBe('fichier');
  });

  it('shortens very long names but keeps their extension', () => {
    const name = safeEntryName(`${'é'.repeat(300)}.docx`);
    expect([...name]).toHaveLength(180);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('numbers names that repeat, ignoring case', () => {
    expect(uniqueEntryNames(['plan.pdf', 'Plan.PDF', 'plan.pdf', 'plan (2).pdf', 'notes'])).toEqual([
      'plan.pdf',
      'Plan (2).PDF',
      'plan (3).pdf',
      'plan (2) (2).pdf',
      'notes',
    ]);
  });

  it('names the zip after the submission and its title, in UTF-8 and in ASCII', () => {
    expect(zipFileName(12, 'EDF-2026-00012', 'Villa R+1 à Fidjrossè')).toBe(
      'projet_12_EDF-2026-00012_Villa_R+1_à_Fidjrossè.zip',
    );
    expect(zipFileName(3, 'EDF-2026-00003', '../../Clôture 1/2')).toBe(
      'projet_3_EDF-2026-00003_Clôture_1_2.zip',
    );
    expect(zipFileName(4, 'EDF-2026-00004', '...')).toBe('projet_4_EDF-2026-00004.zip');
    // A row typed in by hand without a reference still gets a name.
    expect(zipFileName(5, '', 'Clôture')).toBe('projet_5_Clôture.zip');
    expect(asciiFileName('projet_12_Villa_R+1_à_Fidjrossè.zip')).toBe('projet_12_Villa_R_1_a_Fidjrosse.zip');
    expect(attachmentDisposition("projet_1_L'été (2).zip")).toBe(
      `attachment; filename="projet_1_L_ete_2_.zip"; filename*=UTF-8''projet_1_L%27%C3%A9t%C3%A9%20%282%29.zip`,
    );
  });
});
