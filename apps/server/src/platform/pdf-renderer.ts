import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * The one PDF renderer of the system (invoices today; any document later): a document is described
 * as data and drawn here, so every PDF is tagged (headings, paragraphs and tables a screen reader can
 * follow), carries its language and title, embeds its fonts (DejaVu covers every storefront's
 * alphabet) and keeps its text extractable. The same content and `createdAt` always give the same
 * bytes: pdfkit derives the file ID from the document information, which holds no clock but ours.
 */
export interface PdfContent {
  title: string;
  /** BCP 47 language of the text, e.g. `nl-NL`. */
  language: string;
  author: string;
  /** Written as CreationDate and ModDate; it fixes the file ID too. */
  createdAt: Date;
  /** The paper it is printed on; A4 when not given (invoices, product sheets). */
  page?: PdfPage;
  blocks: PdfBlock[];
}

/**
 * A print file's page: the product's trimmed size plus its bleed, the edge printed past the cut on
 * every side so no white shows if the knife is off by a hair. The page (MediaBox) is the whole sheet;
 * TrimBox and BleedBox tell the printer where to cut.
 */
export interface PdfPage {
  widthMm: number;
  heightMm: number;
  bleedMm: number;
}

const POINTS_PER_MM = 72 / 25.4;

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; lines: string[]; bold?: boolean }
  /** Label and value pairs, e.g. invoice number and date. */
  | { kind: 'facts'; rows: Array<[string, string]> }
  /** A table whose header row repeats on every page it continues on. */
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][]; footerRows?: string[][] }
  | { kind: 'spacer' };

export interface PdfColumn {
  header: string;
  /** Share of the text width. */
  width: number;
  align?: 'left' | 'right';
}

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/**
 * Parsed once per process and handed to pdfkit as fontkit fonts (it takes any font with `layout`):
 * given bytes, pdfkit parses the whole font again for every document, which was most of a render's
 * time. Each document still makes its own subset, so sharing the parsed font changes no output.
 * pdfkit, fontkit and the fonts load on the first PDF, not at start: an API replica that renders none
 * does not hold their 30-40 MB (decision 143).
 */
let toolkit:
  Promise<{ PDFDocument: typeof PDFDocument; regular: fontkit.Font; bold: fontkit.Font }> | undefined;
function loadToolkit() {
  toolkit ??= (async () => {
    const [{ default: PDFDocument }, { create }] = await Promise.all([import('pdfkit'), import('fontkit')]);
    const parseFont = (file: string): fontkit.Font => {
      const font = create(readFileSync(path.join(fontDir, file)));
      if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
      return font;
    };
    return { PDFDocument, regular: parseFont('DejaVuSans.ttf'), bold: parseFont('DejaVuSans-Bold.ttf') };
  })();
  return toolkit;
}

const MARGIN = 50;
const BODY_SIZE = 10;
const CELL_PADDING = 4;

type Doc = InstanceType<typeof PDFDocument>;
type StructElement = ReturnType<Doc['struct']>;
type StructOptions = Parameters<Doc['struct']>[1];

/** pdfkit 0.20 takes a parsed fontkit font where a font is asked for; its published types predate that. */
const fontSource = (font: fontkit.Font) => font as unknown as Parameters<Doc['registerFont']>[1];

/** pdfkit 0.20 writes a header cell's scope (row or column); its published types predate the option. */
const headerScope = (scope: 'Row' | 'Column') => ({ scope }) as unknown as StructOptions;

export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await loadToolkit();
  const doc = new PDFDocument({
    // No default font: pdfkit would otherwise load Helvetica's metrics for every document. Ours are
    // registered and chosen below, before any text.
    font: null as unknown as string,
    size: content.page ? pageSizeInPoints(content.page) : 'A4',
    margin: MARGIN,
    pdfVersion: '1.7',
    tagged: true,
    lang: content.language,
    displayTitle: true,
    info: {
      Title: content.title,
      Author: content.author,
      Creator: content.author,
      Producer: 'PDFKit',
      CreationDate: content.createdAt,
      ModDate: content.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  if (content.page) {
    const page = content.page;
    markTrim(doc, page);
    doc.on('pageAdded', () => markTrim(doc, page));
  }
  doc.registerFont('regular', fontSource(regular));
  doc.registerFont('bold', fontSource(bold));
  doc.font('regular').fontSize(BODY_SIZE);
  const root = doc.struct('Document');
  doc.addStructure(root);
  for (const block of content.blocks) drawBlock(doc, root, block);
  root.end();
  doc.end();
  return finished;
}

function pageSizeInPoints(page: PdfPage): [number, number] {
  return [
    (page.widthMm + 2 * page.bleedMm) * POINTS_PER_MM,
    (page.heightMm + 2 * page.bleedMm) * POINTS_PER_MM,
  ];
}

/** pdfkit has no option for a page's boxes; they are entries of the page's dictionary. */
function markTrim(doc: Doc, page: PdfPage): void {
  const [width, height] = pageSizeInPoints(page);
  const bleed = page.bleedMm * POINTS_PER_MM;
  const boxes = doc.page.dictionary.data as Record<string, unknown>;
  boxes.BleedBox = [0, 0, width, height];
  boxes.TrimBox = [bleed, bleed, width - bleed, height - bleed];
}

const textWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottom = (doc: Doc) => doc.page.height - MARGIN;

function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

function drawBlock(doc: Doc, root: StructElement, block: PdfBlock): void {
  switch (block.kind) {
    case 'heading': {
      doc.font('bold').fontSize(16);
      ensureRoom(doc, doc.heightOfString(block.text, { width: textWidth(doc) }));
      root.add(doc.struct('H1', {}, () => doc.text(block.text, MARGIN, doc.y, { width: textWidth(doc) })));
      doc.moveDown(0.5);
      break;
    }
    case 'paragraph': {
      doc.font(block.bold ? 'bold' : 'regular').fontSize(BODY_SIZE);
      const text = block.lines.join('\n');
      ensureRoom(doc, doc.heightOfString(text, { width: textWidth(doc) }));
      root.add(doc.struct('P', {}, () => doc.text(text, MARGIN, doc.y, { width: textWidth(doc) })));
      doc.moveDown(0.5);
      break;
    }
    case 'facts': {
      const table = doc.struct('Table');
      root.add(table);
      const labelWidth = textWidth(doc) * 0.35;
      for (const [label, value] of block.rows) {
        doc.font('regular').fontSize(BODY_SIZE);
        const height = Math.max(
          doc.heightOfString(label, { width: labelWidth }),
          doc.heightOfString(value, { width: textWidth(doc) - labelWidth }),
        );
        ensureRoom(doc, height);
        const y = doc.y;
        const row = doc.struct('TR');
        table.add(row);
        row.add(
          doc.struct('TH', headerScope('Row'), () => {
            doc.font('bold').text(label, MARGIN, y, { width: labelWidth });
          }),
        );
        row.add(
          doc.struct('TD', {}, () => {
            doc.font('regular').text(value, MARGIN + labelWidth, y, { width: textWidth(doc) - labelWidth });
          }),
        );
        row.end();
        doc.y = y + height + 2;
      }
      table.end();
      doc.moveDown(0.5);
      break;
    }
    case 'table':
      drawTable(doc, root, block);
      break;
    case 'spacer':
      doc.moveDown(1);
      break;
  }
}

function drawTable(doc: Doc, root: StructElement, block: Extract<PdfBlock, { kind: 'table' }>): void {
  const total = block.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = block.columns.map((column) => (column.width / total) * textWidth(doc));
  const lefts = widths.map((_width, index) => MARGIN + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const table = doc.struct('Table');
  root.add(table);

  const rowHeight = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(BODY_SIZE);
    return (
      Math.max(
        ...cells.map((cell, index) => doc.heightOfString(cell, { width: widths[index]! - CELL_PADDING * 2 })),
      ) +
      CELL_PADDING * 2
    );
  };

  const drawRow = (
    group: StructElement,
    cells: string[],
    kind: 'TH' | 'TD',
    font: 'regular' | 'bold',
    height = rowHeight(cells, font),
  ) => {
    const y = doc.y;
    const row = doc.struct('TR');
    group.add(row);
    cells.forEach((cell, index) => {
      const column = block.columns[index]!;
      const options = kind === 'TH' ? headerScope('Column') : {};
      row.add(
        doc.struct(kind, options, () => {
          doc
            .font(font)
            .fontSize(BODY_SIZE)
            .text(cell, lefts[index]! + CELL_PADDING, y + CELL_PADDING, {
              width: widths[index]! - CELL_PADDING * 2,
              align: column.align ?? 'left',
            });
        }),
      );
    });
    row.end();
    doc.y = y + height;
    // The rule under a row is decoration: an artifact, outside the structure.
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + textWidth(doc), doc.y)
      .lineWidth(kind === 'TH' ? 1 : 0.5)
      .strokeColor('#999999')
      .stroke();
    doc.endMarkedContent();
  };

  const header = block.columns.map((column) => column.header);
  const head = doc.struct('THead');
  table.add(head);
  ensureRoom(doc, rowHeight(header, 'bold') + rowHeight(block.rows[0] ?? header, 'regular'));
  drawRow(head, header, 'TH', 'bold');
  head.end();

  const body = doc.struct('TBody');
  table.add(body);
  for (const cells of block.rows) {
    const height = rowHeight(cells, 'regular');
    if (ensureRoom(doc, height)) drawRow(body, header, 'TH', 'bold');
    drawRow(body, cells, 'TD', 'regular', height);
  }
  body.end();

  if (block.footerRows?.length) {
    const foot = doc.struct('TFoot');
    table.add(foot);
    for (const cells of block.footerRows) {
      ensureRoom(doc, rowHeight(cells, 'bold'));
      drawRow(foot, cells, 'TD', 'bold');
    }
    foot.end();
  }
  table.end();
  doc.x = MARGIN;
  doc.moveDown(0.5);
}
