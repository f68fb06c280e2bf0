import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code, comments and documents cite the repository's own documents, and what they cite
 * exists (docs/product-rules.md says how it is cited).
 *
 * A citation of the product rules is `product rules, <Heading>` or
 * `docs/product-rules.md, <Heading>` (any case for "product", `docs/` optional), where
 * <Heading> is a `##` or `###` heading of docs/product-rules.md, plain or in double quotes.
 * Several headings may follow one another, joined by ", " or " and " ("product rules,
 * Validation and Limits and constants"); a quoted name or a number right after a heading
 * ("Validation "Admin product"", "Validation, 7") is read as a further heading, so it must
 * be one too. The list ends at the first word that starts no heading (prose: "product
 * rules, API lists them"). Comment lines are joined first, so a citation may wrap.
 *
 * A path `docs/<…>.md` must exist; `docs/decisions/NNNN` without its name must be the
 * number of a decision.
 */

const ROOT = process.cwd();
const RULES = 'docs/product-rules.md';
const SEARCHED = [
  ...['server', 'client', 'shared', 'scripts', 'bench', 'tests', 'README.md', 'docs'],
  // Where else the repository's files cite its documents.
  ...[
    'migrations',
    'deploy',
    'Dockerfile',
    'docker-compose.yml',
    'eslint.config.js',
    'vite.config.ts',
    'vitest.config.ts',
  ],
];
const TEXT_FILE = /(?:\.(?:ts|tsx|mts|mjs|js|css|md|json|ya?ml|sh|html)|Dockerfile|Caddyfile)$/;

function filesUnder(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return TEXT_FILE.test(entry) ? [entry] : [];
  return readdirSync(full).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : filesUnder(path.join(entry, name)),
  );
}

/** The file's text with comment lines joined: a line break and the next line's `*`, `//` or `#` become one space. */
function joined(text: string): string {
  return text
    .replace(/(\w)-\r?\n[ \t]*(?:\*(?!\/)|\/\/|#(?=\s))?[ \t]*/g, '$1-')
    .replace(/\r?\n[ \t]*(?:\*(?!\/)|\/\/|#(?=\s))?[ \t]*/g, ' ');
}

function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1]!.trim());
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

const CITATION = /(?:docs\/)?product[- ]rules(?:\.md)?, /gi;

/**
 * The headings a citation names, read from `text` just after "product rules, ": each one
 * found (`known`) or not (`unknown`).
 */
function citedHeadings(text: string, headings: readonly string[]): { known: string[]; unknown: string[] } {
  const byLength = [...headings].sort((a, b) => b.length - a.length);
  const known: string[] = [];
  const unknown: string[] = [];
  let rest = text;
  for (let first = true; ; first = false) {
    const quoted = /^"([^"]{1,80})"/.exec(rest);
    const number = /^\d+\b/.exec(rest);
    const heading = byLength.find(
      (candidate) => rest.startsWith(candidate) && !/^[\p{L}\p{N}]/u.test(rest.slice(candidate.length)),
    );
    let length: number;
    if (quoted) {
      (headings.includes(quoted[1]!) ? known : unknown).push(quoted[1]!);
      length = quoted[0].length;
    } else if (number) {
      unknown.push(number[0]);
      length = number[0].length;
    } else if (heading) {
      known.push(heading);
      length = heading.length;
    } else {
      // The first word after "product rules, " must start a heading; a later capitalised
      // word joined by ", " or " and " is taken for one too.
      const word = /^[\p{Lu}][^\s,;:.()"]*(?: [^\s,;:.()"]+){0,3}/u.exec(rest);
      if (first || word) unknown.push((word?.[0] ?? rest.slice(0, 40)).trim());
      break;
    }
    rest = rest.slice(length);
    // A quoted name or a number right after a heading names a further section.
    const joiner = /^(?:,? and |, | (?=")|, (?=\d))/.exec(rest);
    if (!joiner) break;
    const next = rest.slice(joiner[0].length);
    if (!/^["\d\p{Lu}]/u.test(next)) break;
    rest = next;
  }
  return { known, unknown };
}

describe('citations of the documents', () => {
  const rules = readFileSync(path.join(ROOT, RULES), 'utf8');
  const headings = headingsOf(rules);
  // This file's own examples are wrong citations on purpose.
  const files = SEARCHED.flatMap(filesUnder).filter(
    (file) => file !== path.join('tests', 'unit', 'docs-citations.test.ts'),
  );

  it('reads the headings of the product rules', () => {
    expect(headings).toContain('Validation');
    expect(headings).toContain('Tracking link');
  });

  it('reads citations as the product rules describe them', () => {
    expect(citedHeadings('Validation and Limits and constants: 10 MB', headings)).toEqual({
      known: ['Validation', 'Limits and constants'],
      unknown: [],
    });
    expect(citedHeadings('API lists them', headings)).toEqual({ known: ['API'], unknown: [] });
    expect(citedHeadings('"Tracking link")', headings)).toEqual({ known: ['Tracking link'], unknown: [] });
    expect(citedHeadings('Validation "Admin product", 7 and 8)', headings)).toEqual({
      known: ['Validation'],
      unknown: ['Admin product', '7', '8'],
    });
    expect(citedHeadings('Admin list behaviour: x', headings).unknown).toEqual(['Admin list behaviour']);
    expect(citedHeadings('Entities and Stats', headings).unknown).toEqual(['Stats']);
  });

  it('cites only headings that docs/product-rules.md has', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const text = joined(readFileSync(path.join(ROOT, file), 'utf8'));
      for (const match of text.matchAll(CITATION)) {
        const { unknown } = citedHeadings(text.slice(match.index + match[0].length), headings);
        for (const name of unknown) wrong.push(`${file}: "${name}" (${match[0]}…)`);
      }
    }
    expect(wrong, 'citations of headings docs/product-rules.md does not have').toEqual([]);
  });

  it("links only to the product rules' own headings", () => {
    const anchors = new Set(headings.map(anchorOf));
    const wrong: string[] = [];
    for (const [, anchor] of rules.matchAll(/\]\(#([^)]+)\)/g))
      if (!anchors.has(anchor!)) wrong.push(anchor!);
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, anchor] of text.matchAll(/product-rules\.md#([\w-]+)/g))
        if (!anchors.has(anchor!)) wrong.push(`${file}: #${anchor}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names only documents that exist', () => {
    const decisions = readdirSync(path.join(ROOT, 'docs/decisions'));
    const wrong: string[] = [];
    for (const file of files) {
      const text = joined(readFileSync(path.join(ROOT, file), 'utf8'));
      for (const [cited] of text.matchAll(/docs\/[\w./-]+\.md\b/g))
        if (!existsSync(path.join(ROOT, cited))) wrong.push(`${file}: ${cited}`);
      for (const [, number] of text.matchAll(/docs\/decisions\/(\d{4})(?![\w-])/g))
        if (!decisions.some((name) => name.startsWith(`${number}-`)))
          wrong.push(`${file}: decision ${number}`);
    }
    expect(wrong).toEqual([]);
  });
});
