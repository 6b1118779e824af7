import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfContent } from './pdf-renderer';
import { pdfInfo, pdfText } from '../testing/pdf-text';

const content = (rows: number): PdfContent => ({
  title: 'Factuur 2026-000042',
  language: 'nl-NL',
  author: 'Photo shop Nederland',
  createdAt: new Date('2026-03-04T10:00:00Z'),
  blocks: [
    { kind: 'heading', text: 'Factuur 2026-000042' },
    { kind: 'paragraph', lines: ['Fotobedrijf B.V.', 'Straße 1', 'Ærøskøbing – Łódź – Ελλάδα'] },
    { kind: 'facts', rows: [['Factuurnummer', '2026-000042']] },
    {
      kind: 'table',
      columns: [
        { header: 'Artikel', width: 3 },
        { header: 'Bedrag', width: 1, align: 'right' },
      ],
      rows: Array.from({ length: rows }, (_v, index) => [`Fotoboek ${index + 1}`, `€ ${index},00`]),
      footerRows: [['Totaal', '€ 1.234,56']],
    },
  ],
});

describe('the PDF renderer', () => {
  it('writes text that can be extracted, in every storefront’s alphabet', async () => {
    const text = await pdfText(await renderPdf(content(3)));
    expect(text).toContain('Factuur 2026-000042');
    expect(text).toContain('Ærøskøbing – Łódź – Ελλάδα');
    expect(text).toMatch(/Fotoboek 3\s+€ 2,00/);
    expect(text).toMatch(/Totaal\s+€ 1\.234,56/);
  });

  it('tags the document, names its language and title, and embeds its fonts', async () => {
    const raw = (await renderPdf(content(3))).toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(raw).toContain('/Marked true');
    expect(raw).toContain('/Lang (nl-NL)');
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toContain('/FontFile2');
    for (const tag of ['/S /H1', '/S /Table', '/S /TH', '/S /TD', '/S /P']) expect(raw).toContain(tag);
  });

  it('gives the same bytes for the same content', async () => {
    const first = await renderPdf(content(40));
    const second = await renderPdf(content(40));
    expect(first.equals(second)).toBe(true);
  });

  it('gives each of several documents rendered at once its own subset of the shared fonts', async () => {
    const alone = await renderPdf(content(5));
    const together = await Promise.all([
      renderPdf(content(5)),
      renderPdf(content(40)),
      renderPdf(content(5)),
    ]);
    expect(together[0].equals(alone)).toBe(true);
    expect(together[2].equals(alone)).toBe(true);
    const raw = alone.toString('latin1');
    // DejaVu regular and bold, nothing else (no standard font of pdfkit's default).
    expect(raw.match(/\/Type \/FontDescriptor/g)).toHaveLength(2);
    expect(raw).not.toContain('Helvetica');
  });

  it('continues a long table on further pages with its header', async () => {
    const text = await pdfText(await renderPdf(content(120)));
    const pages = text.split('\f').filter((page) => page.trim().length > 0);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page).toContain('Artikel');
    expect(pages.at(-1)).toContain('Fotoboek 120');
  });

  it('prints a document on A4 unless it names its page, and then that size with its trim marked', async () => {
    expect((await pdfInfo(await renderPdf(content(3))))['Page size']).toMatch(
      /^595\.\d+ x 841\.\d+ pts \(A4\)/,
    );
    const a3 = await renderPdf({ ...content(3), page: { widthMm: 297, heightMm: 420, bleedMm: 0 } });
    const info = await pdfInfo(a3, { boxes: true });
    expect(info['Page size']).toMatch(/^841\.\d+ x 1190\.\d+ pts \(A3\)/);
    expect(info.TrimBox).toBe(info.MediaBox);
    const withBleed = await pdfInfo(
      await renderPdf({ ...content(1), page: { widthMm: 100, heightMm: 150, bleedMm: 5 } }),
      { boxes: true },
    );
    // 110 × 160 mm in points, cut 5 mm in on every side.
    expect(withBleed['Page size']).toMatch(/^311\.81\d* x 453\.54\d* pts/);
    expect(withBleed.TrimBox!.trim().split(/\s+/)).toEqual(['14.17', '14.17', '297.64', '439.37']);
  });
});
