/** Blocks down the page with page breaks, and tables whose columns fit their contents. */
import { Align, Doc, HEADER_FILL, MUTED, RULE, TextStyle, hline, measure, textWidth, write } from './kit.js';

/** Where the next block goes, and what a page break does. */
export interface Flow {
  doc: Doc;
  y: number;
  top: number;
  /** The lowest y content may reach. */
  bottom: number;
  left: number;
  width: number;
  onNewPage?: () => void;
}

export const right = (flow: Flow) => flow.left + flow.width;

/** Starts a new page unless `height` more fits on this one (or the page is still empty); true when it did. */
export function ensureSpace(flow: Flow, height: number): boolean {
  if (flow.y + height <= flow.bottom || flow.y === flow.top) return false;
  flow.doc.addPage();
  flow.y = flow.top;
  flow.onNewPage?.();
  return true;
}

// ---- tables ----

export interface Column<T> {
  header: string;
  align: Align;
  cell: (row: T, index: number) => string;
  /** Takes the width the other columns leave. */
  flex?: boolean;
}

export const CELL_PAD_X = 2.5;
export const CELL_PAD_Y = 3;

/**
 * Column widths: each fixed column as wide as its widest cell line (a cell may hold lines of its
 * own, "CGST 9 %\nSGST 9 %") or header word, the flexible one the rest.
 */
export function columnWidths<T>(doc: Doc, columns: Column<T>[], rows: T[], width: number, size: number): number[] {
  const widths = columns.map((column) => {
    if (column.flex) return 0;
    const headerWords = column.header.split(' ').map((word) => textWidth(doc, word, { size, bold: true }));
    const cells = rows.flatMap((row, i) =>
      column
        .cell(row, i)
        .split('\n')
        .map((line) => textWidth(doc, line, { size })),
    );
    return Math.ceil(Math.max(...headerWords, ...cells)) + 2 * CELL_PAD_X + 0.5;
  });
  const fixed = widths.reduce((sum, w) => sum + w, 0);
  return widths.map((w, i) => (columns[i].flex ? Math.max(width - fixed, 0) : w));
}

/**
 * The height of a cell: its lines ("\n" in the text) one under the other, each wrapped to the
 * width. The lines are measured and written one by one: pdfkit's wrapping counts a line break as
 * part of the word before it, and would wrap a line that fits.
 */
export function cellHeight(doc: Doc, cell: string, width: number, style: TextStyle): number {
  return cell.split('\n').reduce((sum, line) => sum + measure(doc, line, width, style), 0);
}

export function rowHeight(doc: Doc, cells: string[], widths: number[], style: TextStyle): number {
  return Math.max(...cells.map((cell, i) => cellHeight(doc, cell, widths[i] - 2 * CELL_PAD_X, style)), style.size) + 2 * CELL_PAD_Y;
}

export function drawRow<T>(flow: Flow, columns: Column<T>[], cells: string[], widths: number[], style: TextStyle, height: number): void {
  let x = flow.left;
  cells.forEach((cell, i) => {
    let y = flow.y + CELL_PAD_Y;
    for (const line of cell.split('\n'))
      y += write(flow.doc, line, x + CELL_PAD_X, y, widths[i] - 2 * CELL_PAD_X, { ...style, align: columns[i].align });
    x += widths[i];
  });
  flow.y += height;
}

export function drawHeaderRow<T>(flow: Flow, columns: Column<T>[], widths: number[], size: number): void {
  const style = { size, bold: true };
  const cells = columns.map((c) => c.header);
  const height = rowHeight(flow.doc, cells, widths, style);
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);
  flow.doc.save().rect(flow.left, flow.y, tableWidth, height).fill(HEADER_FILL).restore();
  drawRow(flow, columns, cells, widths, style, height);
  hline(flow.doc, flow.left, flow.left + tableWidth, flow.y, MUTED);
}

/** A table whose rows continue on further pages under a repeated header row. */
export function drawTable<T>(flow: Flow, columns: Column<T>[], rows: T[], widths: number[], size: number): void {
  const style = { size };
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);
  const headerHeight = rowHeight(
    flow.doc,
    columns.map((c) => c.header),
    widths,
    { size, bold: true },
  );
  rows.forEach((row, index) => {
    const cells = columns.map((c) => c.cell(row, index));
    const height = rowHeight(flow.doc, cells, widths, style);
    const newPage = ensureSpace(flow, (index === 0 ? headerHeight : 0) + height);
    if (index === 0 || newPage) drawHeaderRow(flow, columns, widths, size);
    drawRow(flow, columns, cells, widths, style, height);
    hline(flow.doc, flow.left, flow.left + tableWidth, flow.y, index === rows.length - 1 ? MUTED : RULE);
  });
}
