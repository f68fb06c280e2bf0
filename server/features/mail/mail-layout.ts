import type { SiteSettings } from '#shared/site-settings';
import { escapeHtml } from '#shared/escape-html';

/**
 * The frame of every mail the site sends: the company's name on the site's navy band, the
 * content, then how to reach the company (phones, e-mail, WhatsApp, address). Tables and
 * inline styles because mail clients ignore stylesheets; no image, so it reads the same
 * with images blocked. The plain-text part carries the same words.
 *
 * Content comes as blocks, so each template states what it shows once and both parts
 * follow: a block's values are escaped here, never by the template.
 */

const NAVY = '#12355b';
const ORANGE = '#b35600';
const INK = '#1d2733';
const MUTED = '#55606e';
const LINE = '#d5dbe1';
const PAPER = '#f5f7f9';
const FONT = 'Arial, Helvetica, sans-serif';

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** Label and value pairs; a null value is left out. */
  | { kind: 'facts'; rows: ReadonlyArray<readonly [string, string | null]> }
  /** A long text as typed (a description, a message), line breaks kept. */
  | { kind: 'quote'; label: string; text: string }
  | { kind: 'list'; label: string; items: readonly string[]; empty: string }
  | { kind: 'button'; label: string; href: string }
  /** An image attached to the mail and named by its Content-ID (outbox's inlineImages). */
  | { kind: 'image'; cid: string; alt: string; width: number; height: number };

export interface MailContent {
  /** The heading inside the mail (the subject says it already; this is for the reader). */
  title: string;
  blocks: readonly MailBlock[];
}

export interface RenderedMail {
  html: string;
  text: string;
}

export function whatsappLink(site: SiteSettings): string {
  return `https://wa.me/${site.whatsapp}`;
}

/** The last block of every mail to a client: the team signs it. */
export function signatureBlock(site: SiteSettings): MailBlock {
  return { kind: 'paragraph', text: `L’équipe ${site.name}` };
}

/** The end of a confirmation mail: how to ask a question meanwhile, then the signature. */
export function questionsAndSignature(site: SiteSettings): MailBlock[] {
  return [
    {
      kind: 'paragraph',
      text: `Une question d’ici là ? Appelez-nous au ${site.phones.join(' ou ')}, écrivez à ${site.email} ou sur WhatsApp : ${whatsappLink(site)}.`,
    },
    signatureBlock(site),
  ];
}

function htmlBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font:15px/1.5 ${FONT};color:${INK}">${escapeHtml(block.text)}</p>`;
    case 'facts': {
      const rows = block.rows
        .filter((row): row is readonly [string, string] => row[1] !== null)
        .map(
          ([label, value]) =>
            `<tr><th scope="row" align="left" valign="top" style="padding:6px 12px 6px 0;font:bold 14px/1.4 ${FONT};color:${MUTED};white-space:nowrap">${escapeHtml(label)}</th>` +
            `<td style="padding:6px 0;font:14px/1.4 ${FONT};color:${INK}">${escapeHtml(value)}</td></tr>`,
        )
        .join('');
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
    }
    case 'quote':
      return (
        `<p style="margin:0 0 6px;font:bold 14px/1.4 ${FONT};color:${MUTED}">${escapeHtml(block.label)}</p>` +
        `<div style="margin:0 0 16px;padding:12px;border-left:4px solid ${ORANGE};background:${PAPER};font:14px/1.5 ${FONT};color:${INK};white-space:pre-wrap">${escapeHtml(block.text)}</div>`
      );
    case 'list': {
      const items = block.items.length
        ? `<ul style="margin:0 0 16px;padding-left:20px;font:14px/1.5 ${FONT};color:${INK}">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
        : `<p style="margin:0 0 16px;font:14px/1.5 ${FONT};color:${INK}">${escapeHtml(block.empty)}</p>`;
      return `<p style="margin:0 0 6px;font:bold 14px/1.4 ${FONT};color:${MUTED}">${escapeHtml(block.label)}</p>${items}`;
    }
    case 'button':
      return (
        `<p style="margin:8px 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:10px 18px;background:${ORANGE};color:#ffffff;font:bold 15px/1.2 ${FONT};text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font:12px/1.4 ${FONT};color:${MUTED};word-break:break-all">${escapeHtml(block.href)}</p>`
      );
    case 'image':
      return `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" style="display:block;max-width:100%;height:auto;border:0"></p>`;
  }
}

function textBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      return block.rows
        .filter((row): row is readonly [string, string] => row[1] !== null)
        .map(([label, value]) => `${label} : ${value}`)
        .join('\n');
    case 'quote':
      return `${block.label} :\n${block.text}`;
    case 'list':
      return block.items.length
        ? `${block.label} :\n${block.items.map((item) => `- ${item}`).join('\n')}`
        : `${block.label} : ${block.empty}`;
    case 'button':
      return `${block.label} : ${block.href}`;
    case 'image':
      return '';
  }
}

function contactLines(site: SiteSettings): Array<[string, string, string | null]> {
  return [
    [site.phones.length > 1 ? 'Téléphones' : 'Téléphone', site.phones.join(' / '), null],
    ['E-mail', site.email, `mailto:${site.email}`],
    ['WhatsApp', whatsappLink(site), whatsappLink(site)],
    ['Adresse', site.address, null],
  ];
}

export function renderMail(site: SiteSettings, content: MailContent): RenderedMail {
  const contacts = contactLines(site)
    .map(
      ([label, value, href]) =>
        `<p style="margin:0 0 4px;font:13px/1.5 ${FONT};color:#e9eef4">${escapeHtml(label)} : ` +
        (href
          ? `<a href="${escapeHtml(href)}" style="color:#ffffff">${escapeHtml(value)}</a>`
          : escapeHtml(value)) +
        '</p>',
    )
    .join('');
  const html =
    '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(content.title)}</title></head>` +
    `<body style="margin:0;padding:0;background:${PAPER}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAPER}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${LINE}">` +
    `<tr><td style="padding:18px 24px;background:${NAVY};border-bottom:4px solid ${ORANGE};font:bold 20px/1.3 ${FONT};color:#ffffff">${escapeHtml(site.name)}</td></tr>` +
    `<tr><td style="padding:24px">` +
    `<h1 style="margin:0 0 16px;font:bold 20px/1.3 ${FONT};color:${NAVY}">${escapeHtml(content.title)}</h1>` +
    content.blocks.map(htmlBlock).join('') +
    '</td></tr>' +
    `<tr><td style="padding:18px 24px;background:${NAVY}">` +
    `<p style="margin:0 0 8px;font:bold 14px/1.4 ${FONT};color:#ffffff">${escapeHtml(site.name)}</p>${contacts}</td></tr>` +
    '</table></td></tr></table></body></html>';

  const text = [
    site.name,
    '',
    content.title,
    '='.repeat(Math.min(content.title.length, 72)),
    '',
    content.blocks.map(textBlock).filter(Boolean).join('\n\n'),
    '',
    '--',
    site.name,
    ...contactLines(site).map(([label, value]) => `${label} : ${value}`),
    '',
  ].join('\n');
  return { html, text };
}
