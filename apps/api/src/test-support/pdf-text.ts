import { extractText, extractTextItems, getDocumentProxy } from 'unpdf';

/** One run of text as PDF.js reads it, in PDF points from the page's bottom-left corner. */
export interface PdfTextItem {
  /** 1-based. */
  page: number;
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfText {
  /** Each page's text, its lines separated by newlines. */
  pages: string[];
  /** All pages' text, one after the other. */
  text: string;
  /** Every run of text with its position, for tests of where things are (a column's edge). */
  items: PdfTextItem[];
}

/**
 * The text of a PDF, as a reader copying it out would get it: for tests that render or download
 * a document and check what it says. Throws when the bytes are not a PDF at all (an error answer
 * downloaded instead of the document), showing how they start.
 */
export async function extractPdfText(pdf: Uint8Array): Promise<PdfText> {
  const head = Buffer.from(pdf.subarray(0, 5)).toString('latin1');
  if (head !== '%PDF-') {
    const start = Buffer.from(pdf.subarray(0, 80)).toString('utf8');
    throw new Error(`Not a PDF: it starts with ${JSON.stringify(start)}`);
  }
  // A copy: PDF.js may take over (detach) the memory it is given, and the caller's is theirs.
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const { text: pages } = await extractText(document, { mergePages: false });
    const { items } = await extractTextItems(document);
    return {
      pages,
      text: pages.join('\n'),
      items: items.flatMap((pageItems, index) =>
        pageItems.map(({ str, x, y, width, height }) => ({
          page: index + 1,
          str,
          x,
          y,
          width,
          height,
        })),
      ),
    };
  } finally {
    await document.destroy();
  }
}
