/**
 * The printable catalogue as a PDF (issue 7; docs/product.md §9.2), drawn with pdfkit and streamed.
 *
 * Page numbers of the table of contents are not known before layout, so the document is laid out
 * twice with the same code: a dry run that only measures text (no drawing, no images, no output)
 * learns on which page every category starts and how many pages there are; the real run draws the
 * cover, the contents with those page numbers, and the catalogue into the response. Row heights
 * depend only on the texts measured in both runs, so the two layouts agree.
 *
 * Pages: 1 cover (brand, tagline, date, count); then the contents (levels 1 and 2 with page
 * numbers, linked); then the groups of src/shared/print.ts with headings per level, a table
 * CÓDIGO, DESCRIPCIÓN, [IMAGEN], [PRECIO] and a running header and "Página N de M" on every page.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type PDFKitDocument from 'pdfkit';

/** pdfkit, loaded on first use: it adds ~25 MB (fonts) to a process that may never print. */
async function loadPdfKit(): Promise<typeof PDFKitDocument> {
  return (await import('pdfkit')).default;
}
import type { Part } from '../../../shared/api.ts';
import { photoThumbnail } from '../../../shared/media.ts';
import { PRINT_TEXTS, formatPrintDateTime, formatPrintPrice } from '../../../shared/print.ts';
import type { CatalogueReader } from '../catalogue/service.ts';
import { webpToJpeg } from '../images/processor.ts';
import { type PrintSelection, measureBatches, presentedBatches } from './service.ts';
import { whenWritable } from './stream.ts';

type Doc = PDFKit.PDFDocument;

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 36;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CONTENT_TOP = 62;
const CONTENT_BOTTOM = PAGE_HEIGHT - 46;
const FOOTER_Y = PAGE_HEIGHT - 32;

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const FONT_ITALIC = 'Helvetica-Oblique';
const ROW_FONT_SIZE = 8;
const CELL_PADDING = 3;
const HEADER_ROW_HEIGHT = 15;
const IMAGE_BOX = 40;
const CODE_WIDTH = 96;
const IMAGE_WIDTH = IMAGE_BOX + 2 * CELL_PADDING + 4;
const PRICE_WIDTH = 80;
const MAX_DESCRIPTION_LINES = 3;
const MAX_CODE_LINES = 2;
const HEADING_HEIGHT = { 1: 24, 2: 19, 3: 16 } as const;
const HEADING_GAP = 6;
const TOC_LINE = 15;
const TOC_TITLE_HEIGHT = 34;
const TOC_FIRST_PAGE_LINES = Math.floor((CONTENT_BOTTOM - CONTENT_TOP - TOC_TITLE_HEIGHT) / TOC_LINE);
const TOC_PAGE_LINES = Math.floor((CONTENT_BOTTOM - CONTENT_TOP) / TOC_LINE);
/** Levels listed in the table of contents. */
const TOC_LEVELS = 2;

const COLOR_TEXT = '#1a1a1a';
const COLOR_MUTED = '#666666';
const COLOR_BRAND = '#1f3a5f';
const COLOR_STRIPE = '#f2f4f7';
const COLOR_RULE = '#c8ced6';

/** What the PDF needs besides the rows. */
export interface CataloguePdfOptions {
  /** Reads the rows (the viewer's prices) and carries the image base URL. */
  reader: CatalogueReader;
  selection: PrintSelection;
  brandName: string;
  tagline: string;
  /** Shown on the cover and in the running header (from `/print`'s categoryName). */
  categoryName?: string | undefined;
  includeImages: boolean;
  includePrices: boolean;
  /** Folder of local images (config IMAGE_DIR); remote images are never fetched. */
  imageDir: string;
  now: Date;
}

/** The result of the dry run: what the real run needs to number pages. */
export interface PdfPlan {
  options: CataloguePdfOptions;
  /** Pages of the table of contents (0 when there is nothing to list). */
  tocPages: number;
  /** Pages of the catalogue after the contents. */
  contentPages: number;
  /** Contents entries with the absolute page each group starts on. */
  toc: TocEntry[];
  totalPages: number;
}

interface TocEntry {
  level: 1 | 2;
  name: string;
  page: number;
  destination: string;
}

/** Characters Helvetica (WinAnsi) can show; anything else would print as garbage. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Look-alikes outside WinAnsi that real catalogues use, printed as their nearest WinAnsi character
 * instead of `?`: inch and foot marks (`6 1/2″`, 53 Zabala parts), hyphens and minus, the ≈ ≤ ≥
 * signs, and the Greek and math letters of sizes and units.
 */
const WIN_ANSI_LOOKALIKES: Readonly<Record<string, string>> = {
  '″': '"',
  '′': "'",
  '‶': '"',
  '‵': "'",
  '‐': '-',
  '‑': '-',
  '‒': '–',
  '―': '—',
  '−': '-',
  '∅': 'Ø',
  Ω: 'ohm',
  '≈': '~',
  '≤': '<=',
  '≥': '>=',
  '\u2009': ' ',
  '\u202f': ' ',
};

/**
 * A text as the standard PDF fonts can show it: control characters as spaces, common look-alikes
 * ({@link WIN_ANSI_LOOKALIKES}) as their WinAnsi counterpart, other unknown glyphs as `?`.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) out += char;
    else out += WIN_ANSI_LOOKALIKES[char] ?? '?';
  }
  return out;
}

/**
 * The local file of a part's first image (`imageUrl`, comma list), inside `imageDir`, or null for
 * remote URLs (never fetched), empty values and names that would leave the folder.
 */
export function localImageFile(imageDir: string, imageUrl: string | null, imageBaseUrl: string): string | null {
  const first = imageUrl
    ?.split(',')
    .map((entry) => entry.trim())
    .find(Boolean);
  if (!first || first.includes('\0') || /^[a-z][a-z0-9+.-]*:/i.test(first) || first.startsWith('//')) return null;
  let name = first;
  if (name.startsWith('/')) {
    // An absolute path is local only under the image base (e.g. `/images/x.jpg`).
    const base = imageBaseUrl.endsWith('/') ? imageBaseUrl : `${imageBaseUrl}/`;
    if (!base.startsWith('/') || !name.startsWith(base)) return null;
    try {
      name = decodeURIComponent(name.slice(base.length));
    } catch {
      return null;
    }
  }
  const root = path.resolve(imageDir);
  const file = path.resolve(root, name);
  const relative = path.relative(root, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return file;
}

/** Width in pixels of a WebP photo converted for the PDF: 4× the 40 pt box, sharp on paper. */
const PDF_PHOTO_WIDTH = 160;

/** Largest image file embedded; bigger ones print as "Sin imagen". */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Opened images by file, so a photo shared by several parts is embedded once. */
type OpenedImage = object;

/** A row as the layout needs it: measured in the dry run, drawn in the real one. */
interface LayoutRow {
  partNumber: string;
  description: string;
  price?: string | null;
  imageUrl?: string | null;
}

class Layout {
  readonly doc: Doc;
  readonly dry: boolean;
  readonly options: CataloguePdfOptions;
  /** Absolute page number of the current page. */
  page = 0;
  y = CONTENT_TOP;
  totalPages = 0;
  stripe = false;
  readonly toc: TocEntry[] = [];
  private readonly columns: { code: number; description: number; image: number; price: number };
  private readonly lineHeight: number;
  private readonly images = new LRUCache<string, OpenedImage | false>({ max: 256 });
  private destinations = 0;

  constructor(doc: Doc, dry: boolean, options: CataloguePdfOptions) {
    this.doc = doc;
    this.dry = dry;
    this.options = options;
    const image = options.includeImages ? IMAGE_WIDTH : 0;
    const price = options.includePrices ? PRICE_WIDTH : 0;
    this.columns = { code: CODE_WIDTH, image, price, description: CONTENT_WIDTH - CODE_WIDTH - image - price };
    doc.font(FONT).fontSize(ROW_FONT_SIZE);
    this.lineHeight = doc.currentLineHeight(true);
  }

  /** Starts a page with the running header and the page number. */
  newPage(): void {
    this.page += 1;
    this.y = CONTENT_TOP;
    this.stripe = false;
    if (this.dry) return;
    const { doc } = this;
    doc.addPage({ size: 'A4', margin: 0 });
    doc.font(FONT_BOLD).fontSize(9).fillColor(COLOR_BRAND);
    doc.text(pdfText(this.options.brandName), MARGIN_X, 28, { width: CONTENT_WIDTH / 2, height: 12, ellipsis: true, lineBreak: false });
    const title = this.options.categoryName ? `${PRINT_TEXTS.title} — ${this.options.categoryName}` : PRINT_TEXTS.title;
    doc.font(FONT).fontSize(9).fillColor(COLOR_MUTED);
    doc.text(pdfText(title), MARGIN_X + CONTENT_WIDTH / 2, 28, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      height: 12,
      ellipsis: true,
      lineBreak: false,
    });
    doc
      .moveTo(MARGIN_X, 44)
      .lineTo(PAGE_WIDTH - MARGIN_X, 44)
      .lineWidth(0.5)
      .strokeColor(COLOR_RULE)
      .stroke();
    this.footer();
  }

  private footer(): void {
    const { doc } = this;
    doc
      .moveTo(MARGIN_X, FOOTER_Y - 6)
      .lineTo(PAGE_WIDTH - MARGIN_X, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR_RULE)
      .stroke();
    doc.font(FONT_ITALIC).fontSize(7.5).fillColor(COLOR_MUTED);
    doc.text(pdfText(this.options.tagline), MARGIN_X, FOOTER_Y, { width: CONTENT_WIDTH / 2, height: 10, ellipsis: true, lineBreak: false });
    doc.font(FONT).fontSize(7.5);
    doc.text(`Página ${this.page} de ${this.totalPages}`, MARGIN_X + CONTENT_WIDTH / 2, FOOTER_Y, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
  }

  /** The cover: brand, title, tagline, count and date (es-AR). */
  cover(total: number): void {
    this.page += 1;
    if (this.dry) return;
    const { doc, options } = this;
    doc.addPage({ size: 'A4', margin: 0 });
    doc.rect(0, 0, PAGE_WIDTH, 12).fill(COLOR_BRAND);
    const center = (text: string, y: number, font: string, size: number, color = COLOR_TEXT) => {
      doc.font(font).fontSize(size).fillColor(color);
      doc.text(pdfText(text), MARGIN_X, y, { width: CONTENT_WIDTH, align: 'center' });
    };
    center(options.brandName, 250, FONT_BOLD, 34, COLOR_BRAND);
    center(PRINT_TEXTS.title, 310, FONT, 20);
    if (options.categoryName) center(options.categoryName, 342, FONT_BOLD, 15);
    center(options.tagline, 380, FONT_ITALIC, 14, COLOR_MUTED);
    center(`${total.toLocaleString('es-AR')} ${total === 1 ? 'producto' : 'productos'}`, 430, FONT, 11, COLOR_MUTED);
    if (options.includePrices) center('Precios en pesos argentinos (ARS).', 448, FONT, 9, COLOR_MUTED);
    center(`Generado el ${formatPrintDateTime(options.now)}`, PAGE_HEIGHT - 120, FONT, 10, COLOR_MUTED);
    this.footer();
  }

  /** The contents pages: one line per level-1 and level-2 group with its page, linked. */
  tocPages(entries: TocEntry[]): void {
    let index = 0;
    let first = true;
    while (index < entries.length) {
      this.newPage();
      if (first && !this.dry) {
        this.doc.font(FONT_BOLD).fontSize(16).fillColor(COLOR_BRAND);
        this.doc.text('Índice', MARGIN_X, CONTENT_TOP, { width: CONTENT_WIDTH, lineBreak: false });
      }
      let y = CONTENT_TOP + (first ? TOC_TITLE_HEIGHT : 0);
      const count = first ? TOC_FIRST_PAGE_LINES : TOC_PAGE_LINES;
      for (const entry of entries.slice(index, index + count)) {
        if (!this.dry) this.tocLine(entry, y);
        y += TOC_LINE;
      }
      index += count;
      first = false;
    }
  }

  private tocLine(entry: TocEntry, y: number): void {
    const { doc } = this;
    const indent = entry.level === 1 ? 0 : 14;
    const pageText = String(entry.page);
    doc
      .font(entry.level === 1 ? FONT_BOLD : FONT)
      .fontSize(entry.level === 1 ? 10 : 9)
      .fillColor(COLOR_TEXT);
    const pageWidth = doc.widthOfString(pageText);
    const nameWidth = CONTENT_WIDTH - indent - 40;
    const name = pdfText(entry.name);
    doc.text(name, MARGIN_X + indent, y, { width: nameWidth, height: TOC_LINE, ellipsis: true, lineBreak: false, goTo: entry.destination });
    const dotsFrom = MARGIN_X + indent + Math.min(doc.widthOfString(name), nameWidth) + 4;
    const dotsTo = PAGE_WIDTH - MARGIN_X - pageWidth - 4;
    if (dotsTo > dotsFrom) {
      doc
        .save()
        .moveTo(dotsFrom, y + 8)
        .lineTo(dotsTo, y + 8)
        .lineWidth(0.5)
        .dash(1, { space: 2 })
        .strokeColor(COLOR_RULE)
        .stroke()
        .restore();
    }
    doc.text(pageText, PAGE_WIDTH - MARGIN_X - pageWidth, y, { lineBreak: false, goTo: entry.destination });
  }

  /**
   * Height of a cell's text wrapped to `width`, capped at `maxLines`; one line without wrapping
   * when it fits (the common case, and much cheaper to measure and draw).
   */
  private textHeight(text: string, font: string, width: number, maxLines: number): number {
    const { doc } = this;
    doc.font(font).fontSize(ROW_FONT_SIZE);
    if (doc.widthOfString(text) < width - 0.01) return this.lineHeight;
    return Math.min(doc.heightOfString(text || ' ', { width }), maxLines * this.lineHeight);
  }

  /** Draws a cell's text in `height`, without the line wrapper when it is one line. */
  private cellText(text: string, x: number, y: number, width: number, height: number): void {
    if (height <= this.lineHeight) this.doc.text(text, x, y, { width, lineBreak: false });
    else this.doc.text(text, x, y, { width, height: height + 0.5, ellipsis: true });
  }

  /** Height of a row: wrapped code and description (capped), the image box. */
  rowHeight(row: LayoutRow): number {
    const code = this.textHeight(pdfText(row.partNumber), FONT_BOLD, this.columns.code - 2 * CELL_PADDING, MAX_CODE_LINES);
    const description = this.textHeight(pdfText(row.description), FONT, this.columns.description - 2 * CELL_PADDING, MAX_DESCRIPTION_LINES);
    const image = this.options.includeImages ? IMAGE_BOX : 0;
    return Math.ceil(Math.max(code, description, image, this.lineHeight) + 2 * CELL_PADDING);
  }

  private fits(height: number): boolean {
    return this.y + height <= CONTENT_BOTTOM;
  }

  /** Headings of the levels that changed since the previous group, kept with the first row. */
  headings(previous: string[], path: string[], firstRowHeight: number): void {
    let common = 0;
    while (common < path.length && common < previous.length && previous[common] === path[common]) common++;
    const levels: (1 | 2 | 3)[] = [];
    for (let level = common + 1; level <= path.length; level++) levels.push(level as 1 | 2 | 3);
    const needed = levels.reduce((sum, level) => sum + HEADING_HEIGHT[level] + HEADING_GAP, 0) + HEADER_ROW_HEIGHT + firstRowHeight;
    if (!this.fits(needed)) this.newPage();
    for (const level of levels) {
      const name = path[level - 1] as string;
      if (this.y > CONTENT_TOP) this.y += HEADING_GAP;
      const destination = `g${++this.destinations}`;
      if (level <= TOC_LEVELS) this.toc.push({ level: level as 1 | 2, name, page: this.page, destination });
      if (!this.dry) this.drawHeading(level, name, destination);
      this.y += HEADING_HEIGHT[level];
    }
    this.tableHeader();
  }

  private drawHeading(level: 1 | 2 | 3, name: string, destination: string): void {
    const { doc } = this;
    const text = pdfText(name);
    const height = HEADING_HEIGHT[level];
    if (level === 1) {
      doc.rect(MARGIN_X, this.y, CONTENT_WIDTH, height - 4).fill(COLOR_BRAND);
      doc.font(FONT_BOLD).fontSize(13).fillColor('#ffffff');
      doc.text(text, MARGIN_X + 6, this.y + 5, { width: CONTENT_WIDTH - 12, height: 16, ellipsis: true, lineBreak: false, destination });
    } else if (level === 2) {
      doc.font(FONT_BOLD).fontSize(11).fillColor(COLOR_BRAND);
      doc.text(text, MARGIN_X, this.y + 3, { width: CONTENT_WIDTH, height: 14, ellipsis: true, lineBreak: false, destination });
      doc
        .moveTo(MARGIN_X, this.y + height - 3)
        .lineTo(PAGE_WIDTH - MARGIN_X, this.y + height - 3)
        .lineWidth(0.75)
        .strokeColor(COLOR_BRAND)
        .stroke();
    } else {
      doc.font(FONT_BOLD).fontSize(9.5).fillColor(COLOR_MUTED);
      doc.text(text, MARGIN_X, this.y + 3, { width: CONTENT_WIDTH, height: 12, ellipsis: true, lineBreak: false, destination });
    }
    if (level <= TOC_LEVELS) {
      const outline = level === 1 ? this.doc.outline.addItem(text) : (this.lastOutline ?? this.doc.outline).addItem(text);
      if (level === 1) this.lastOutline = outline;
    }
  }

  private lastOutline: PDFKit.PDFOutline | undefined;

  /** The table's column titles. */
  tableHeader(): void {
    if (!this.dry) {
      const { doc } = this;
      doc.rect(MARGIN_X, this.y, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fill('#3b4b5e');
      doc.font(FONT_BOLD).fontSize(7.5).fillColor('#ffffff');
      const texts = PRINT_TEXTS.columns;
      let x = MARGIN_X;
      const cell = (text: string, width: number, align: 'left' | 'center' | 'right' = 'left') => {
        if (!width) return;
        doc.text(text, x + CELL_PADDING, this.y + 4, { width: width - 2 * CELL_PADDING, align, lineBreak: false });
        x += width;
      };
      cell(texts.partNumber, this.columns.code);
      cell(texts.description, this.columns.description);
      cell(texts.image, this.columns.image, 'center');
      cell(texts.price, this.columns.price, 'right');
    }
    this.y += HEADER_ROW_HEIGHT;
    this.stripe = false;
  }

  /** One part row; breaks the page first when it does not fit (repeating the group and the header). */
  async row(row: LayoutRow, path: string[]): Promise<void> {
    const height = this.rowHeight(row);
    if (!this.fits(height)) {
      this.newPage();
      if (!this.dry) {
        this.doc.font(FONT_ITALIC).fontSize(8).fillColor(COLOR_MUTED);
        this.doc.text(pdfText(`${path.join(' › ')} (continuación)`), MARGIN_X, this.y, {
          width: CONTENT_WIDTH,
          height: 10,
          ellipsis: true,
          lineBreak: false,
        });
      }
      this.y += 14;
      this.tableHeader();
    }
    if (!this.dry) await this.drawRow(row, height);
    this.y += height;
    this.stripe = !this.stripe;
  }

  private async drawRow(row: LayoutRow, height: number): Promise<void> {
    const { doc, columns, options } = this;
    if (this.stripe) doc.rect(MARGIN_X, this.y, CONTENT_WIDTH, height).fill(COLOR_STRIPE);
    const top = this.y + CELL_PADDING;
    let x = MARGIN_X;
    const code = pdfText(row.partNumber);
    const codeWidth = columns.code - 2 * CELL_PADDING;
    const codeHeight = this.textHeight(code, FONT_BOLD, codeWidth, MAX_CODE_LINES);
    doc.fillColor(COLOR_TEXT);
    this.cellText(code, x + CELL_PADDING, top, codeWidth, codeHeight);
    x += columns.code;
    const description = pdfText(row.description);
    const descriptionWidth = columns.description - 2 * CELL_PADDING;
    const descriptionHeight = this.textHeight(description, FONT, descriptionWidth, MAX_DESCRIPTION_LINES);
    this.cellText(description, x + CELL_PADDING, top, descriptionWidth, descriptionHeight);
    x += columns.description;
    if (options.includeImages) {
      const image = await this.image(row.imageUrl ?? null);
      const boxX = x + (columns.image - IMAGE_BOX) / 2;
      if (image) {
        doc.image(image as PDFKit.Mixins.ImageSrc, boxX, top, { fit: [IMAGE_BOX, IMAGE_BOX], align: 'center', valign: 'center' });
      } else {
        doc.font(FONT).fontSize(6.5).fillColor(COLOR_MUTED);
        doc.text(PRINT_TEXTS.noImage, x + CELL_PADDING, top + IMAGE_BOX / 2 - 4, {
          width: columns.image - 2 * CELL_PADDING,
          align: 'center',
          lineBreak: false,
        });
      }
      x += columns.image;
    }
    if (options.includePrices) {
      const price = formatPrintPrice(row.price ?? null, true) ?? '';
      doc.font(FONT_BOLD).fontSize(ROW_FONT_SIZE).fillColor(COLOR_TEXT);
      doc.text(pdfText(price), x + CELL_PADDING, top, { width: columns.price - 2 * CELL_PADDING, align: 'right', lineBreak: false });
    }
  }

  /**
   * The opened local image of a part, or null ("Sin imagen"): missing, too big, neither JPEG, PNG
   * nor WebP. A photo uploaded in the panel is read from its thumbnail; WebP is embedded as a small
   * JPEG (PDFKit reads only JPEG and PNG).
   */
  private async image(imageUrl: string | null): Promise<OpenedImage | null> {
    const file = localImageFile(this.options.imageDir, imageUrl, this.options.reader.settings.imageBaseUrl);
    if (!file) return null;
    const cached = this.images.get(file);
    if (cached !== undefined) return cached || null;
    let opened: OpenedImage | false = false;
    try {
      const source = photoThumbnail(file);
      const stat = await fs.stat(source);
      if (stat.isFile() && stat.size <= MAX_IMAGE_BYTES) {
        const read = await fs.readFile(source);
        const webp = read.subarray(0, 4).toString('latin1') === 'RIFF' && read.subarray(8, 12).toString('latin1') === 'WEBP';
        const data = webp ? await webpToJpeg(read, PDF_PHOTO_WIDTH) : read;
        const jpeg = data?.[0] === 0xff && data[1] === 0xd8;
        const png = data?.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) === true;
        if (data && (jpeg || png)) opened = (this.doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);
      }
    } catch {
      opened = false;
    }
    this.images.set(file, opened);
    return opened || null;
  }

  /** The empty catalogue page (docs/product.md §9.3). */
  empty(): void {
    if (this.dry) return;
    this.doc.font(FONT).fontSize(12).fillColor(COLOR_MUTED);
    this.doc.text(PRINT_TEXTS.empty, MARGIN_X, CONTENT_TOP + 40, { width: CONTENT_WIDTH, align: 'center' });
  }
}

/**
 * Lays the catalogue pages out and returns the plan. In the dry run (`out` absent) rows are read
 * light (code and description) to measure them; in the real run they are read with the viewer's
 * price and drawn. Both read {@link BATCH_SIZE} rows at a time.
 */
async function layoutCatalogue(layout: Layout, options: CataloguePdfOptions, out?: Writable): Promise<void> {
  const { selection } = options;
  layout.newPage();
  if (!selection.sections.length) {
    layout.empty();
    return;
  }
  let previous: string[] = [];
  for (const section of selection.sections) {
    let first = true;
    const batches = out
      ? presentedBatches(options.reader, selection.scope, section.ids)
      : measureBatches(options.reader.db, selection.scope, section.ids);
    for await (const batch of batches) {
      for (const row of batch as (Part | LayoutRow)[]) {
        if (first) {
          layout.headings(previous, section.path, layout.rowHeight(row));
          first = false;
        }
        await layout.row(row, section.path);
      }
      if (out) await whenWritable(out, () => layout.doc.readableLength);
    }
    if (!first) previous = section.path;
  }
}

/**
 * The dry run: measures every row (no drawing, no images, nothing written) and returns where each
 * group starts and how many pages the PDF has. Runs before the response starts, so its errors
 * still answer JSON.
 */
export async function planCataloguePdf(options: CataloguePdfOptions): Promise<PdfPlan> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const layout = new Layout(doc, true, options);
  await layoutCatalogue(layout, options);
  const contentPages = layout.page;
  const entries = layout.toc.length;
  const tocPages =
    entries === 0 ? 0 : entries <= TOC_FIRST_PAGE_LINES ? 1 : 1 + Math.ceil((entries - TOC_FIRST_PAGE_LINES) / TOC_PAGE_LINES);
  const offset = 1 + tocPages;
  return {
    options,
    tocPages,
    contentPages,
    toc: layout.toc.map((entry) => ({ ...entry, page: entry.page + offset })),
    totalPages: offset + contentPages,
  };
}

/**
 * The real run: writes the PDF of `plan` into `out` (cover, contents, catalogue) and ends it.
 * Waits for the client between batches.
 * @throws ExportAborted when the client disconnects.
 */
export async function writeCataloguePdf(plan: PdfPlan, out: Writable): Promise<void> {
  const PDFDocument = await loadPdfKit();
  const { options } = plan;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: true,
    lang: 'es-AR',
    displayTitle: true,
    info: {
      Title: options.categoryName ? `${PRINT_TEXTS.title} — ${options.categoryName}` : PRINT_TEXTS.title,
      Author: options.brandName,
      Creator: options.brandName,
      CreationDate: options.now,
    },
  });
  doc.pipe(out);
  const layout = new Layout(doc, false, options);
  layout.totalPages = plan.totalPages;
  layout.cover(options.selection.total);
  layout.tocPages(plan.toc);
  await layoutCatalogue(layout, options, out);
  const ended = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
  });
  doc.end();
  await ended;
}
