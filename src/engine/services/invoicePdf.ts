// A one-page PDF (1.4, Helvetica, WinAnsi) of text lines, enough for an invoice document without a
// PDF library. Offsets in the cross-reference table are byte offsets, so everything is latin1.

const escape = (text: string) => text
  .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
  .replace(/[\\()]/g, (c) => `\\${c}`);

export interface PdfLine { text: string; size?: number; gapBefore?: number }

export function renderPdf(title: string, lines: PdfLine[]): Buffer {
  const top = 800;
  let y = top;
  const ops: string[] = ['BT'];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gapBefore ?? 0) + size + 5;
    if (y < 40) break; // one page: an invoice has few lines
    ops.push(`/F1 ${size} Tf 1 0 0 1 50 ${y} Tm (${escape(line.text)}) Tj`);
  }
  ops.push('ET');
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escape(title)}) /Producer (Integration Dashboard engine) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
