/**
 * A small, valid PDF of one A4 page with a line of text (Helvetica, a font every PDF reader
 * has), made here so that the tests of the servers need no binary fixture. Its cross-reference
 * table holds each object's real byte offset, as a reader checks. `pages` repeats the page so
 * a test can have a file longer than one range request.
 */
export function tinyPdf(text: string, pages = 1): Buffer {
  const kids = Array.from({ length: pages }, (_, page) => `${4 + page} 0 R`).join(' ');
  const escaped = text.replace(/[\\()]/g, '\\$&');
  const stream = `BT /F1 24 Tf 72 760 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...Array.from(
      { length: pages },
      () =>
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${4 + pages} 0 R >>`,
    ),
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
