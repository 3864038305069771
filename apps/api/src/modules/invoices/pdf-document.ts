import PDFDocument from 'pdfkit';

/**
 * What the invoices' and statements' PDFs share: A4 pages drawn with pdfkit in the built-in
 * Helvetica (nothing is fetched or embedded), and the table and fact layouts both use.
 */
export type Pdf = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

/**
 * The 20 characters the built-in fonts' encoding (Windows-1252, "WinAnsi") adds to Latin-1; with
 * printable ASCII and Latin-1 they are everything Helvetica can draw.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text as Helvetica can draw it: a minus sign becomes a hyphen and narrow spaces spaces, and any
 * other character outside its encoding (a name in another script) becomes "?", rather than the
 * wrong letter pdfkit would draw for it.
 */
function drawable(text: string): string {
  return Array.from(text.replace(/\u2212/g, '-').replace(/[\u2009\u202f\u00a0]/g, ' '), (character) => {
    const code = character.codePointAt(0)!;
    const latin = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    return latin || WIN_ANSI_EXTRAS.has(character) || character === '\n' ? character : '?';
  }).join('');
}

/** Draws a document and answers its bytes. `created` dates the file, so the same document gives the same PDF. */
export function renderPdf(info: { title: string; author: string; created: Date }, draw: (doc: Pdf) => void) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: drawable(info.title), Author: drawable(info.author), CreationDate: info.created },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT).fontSize(10);
  draw(doc);
  doc.end();
  return done;
}

/** The width between the margins. */
export const contentWidth = (doc: Pdf) => doc.page.width - 2 * MARGIN;
export const left = MARGIN;

/** A heading line. */
export function heading(doc: Pdf, text: string, size = 12): void {
  doc.font(BOLD).fontSize(size).text(drawable(text), left, doc.y);
  doc.font(FONT).fontSize(10).moveDown(0.3);
}

/** Lines of text under each other, from the left margin. */
export function lines(doc: Pdf, texts: (string | null | undefined | false)[], x = left, width?: number): void {
  for (const text of texts) if (text) doc.text(drawable(text), x, doc.y, { width });
}

/** "Label: value" facts side by side in columns of a row. */
export function facts(doc: Pdf, pairs: [string, string][]): void {
  const top = doc.y;
  const column = contentWidth(doc) / pairs.length;
  let bottom = top;
  pairs.forEach(([label, value], index) => {
    const x = left + index * column;
    doc.font(BOLD).text(drawable(label), x, top, { width: column - 10 });
    doc.font(FONT).text(drawable(value), x, doc.y, { width: column - 10 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = left;
  doc.y = bottom + 10;
}

/** A table column: its header, its width as a share of the page, and whether figures align right. */
export interface Column {
  header: string;
  share: number;
  right?: boolean;
}

/** One row of a table: each cell in its column; the row is as tall as its tallest cell. A new page when full. */
export function tableRow(doc: Pdf, columns: Column[], cells: string[], font = FONT): void {
  const width = contentWidth(doc);
  if (doc.y > doc.page.height - 3 * MARGIN) doc.addPage();
  const top = doc.y;
  let x = left;
  let bottom = top;
  doc.font(font);
  columns.forEach((column, index) => {
    const cellWidth = column.share * width;
    doc.text(drawable(cells[index] ?? ''), x, top, { width: cellWidth - 6, align: column.right ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
    x += cellWidth;
  });
  doc.font(FONT);
  doc.x = left;
  doc.y = bottom + 4;
}

/** A table: its header row, a rule, its rows (or `empty` without any) and a rule under them. */
export function table(doc: Pdf, columns: Column[], rows: string[][], empty?: string): void {
  tableRow(
    doc,
    columns,
    columns.map((column) => column.header),
    BOLD,
  );
  rule(doc);
  if (rows.length === 0 && empty) lines(doc, [empty]);
  for (const cells of rows) tableRow(doc, columns, cells);
  rule(doc);
}

/** A thin line across the page. */
function rule(doc: Pdf): void {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .lineWidth(0.5)
    .strokeColor('#888888')
    .stroke();
  doc.y += 4;
}
