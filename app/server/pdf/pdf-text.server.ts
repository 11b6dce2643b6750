import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from "pdf-lib";

// Reads back the text of the PDFs this folder makes, page by page, so tests can check what a
// reader sees without a PDF renderer. It understands what drawLines writes: one text object per
// line, its runs shown with hex strings in WinAnsiEncoding. Not a general PDF text extractor.

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰",
  0x8a: "Š", 0x8b: "‹", 0x8c: "Œ", 0x8e: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
  0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};

function decodeHex(hex: string): string {
  let out = "";
  for (let i = 0; i < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return out;
}

function streamBytes(object: PDFObject | undefined): Uint8Array {
  if (object instanceof PDFRawStream) return decodePDFRawStream(object).decode();
  return new Uint8Array();
}

/** The text of each page: one line of text per line drawn. */
export async function extractPdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const source = streams.map((s) => Buffer.from(streamBytes(s)).toString("latin1")).join("\n");
    const lines: string[] = [];
    for (const block of source.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const shown = [...block[1]!.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => decodeHex(m[1]!));
      if (shown.length > 0) lines.push(shown.join(""));
    }
    return lines.join("\n");
  });
}

/** All pages' text with runs of white space made single spaces: for "contains" checks. */
export async function extractPdfPlainText(bytes: Uint8Array): Promise<string[]> {
  return (await extractPdfText(bytes)).map((page) => page.replace(/\s+/g, " ").trim());
}
