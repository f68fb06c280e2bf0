/**
 * A small, valid one-page PDF (A4, standard Helvetica, no embedded font) built by hand:
 * demo attachments need real documents that open in any viewer, and pulling in a PDF
 * library for a few lines of text is not worth it.
 */

// Characters outside Latin-1 that French text uses, at their WinAnsiEncoding positions.
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  Œ: 0x8c,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
  Ÿ: 0x9f,
};

/** A PDF string literal in WinAnsiEncoding: non-ASCII bytes as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text.normalize('NFC')) {
    const code = WIN_ANSI_EXTRAS[char] ?? char.charCodeAt(0);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

export function pdfDocument(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 18 Tf 60 770 Td',
    `${pdfString(title)} Tj`,
    '/F2 11 Tf 0 -36 Td 16 TL',
    ...lines.map((line) => `${pdfString(line)} '`),
    'ET',
    '0.8 0.8 0.8 RG 60 740 m 535 740 l S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  // Byte offsets for the cross-reference table: everything is ASCII, so length = bytes.
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
