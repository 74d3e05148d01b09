"""Generate small, real PDF documents for worksheet tests (no PDF library needed)."""

from __future__ import annotations


def make_pdf(text: str = "Count the apples", pages: int = 1, padding: int = 0) -> bytes:
    """A valid PDF with `pages` A4 pages, each showing `text` and a box.

    padding adds that many bytes of content-stream comments (a big file that still parses).
    """
    objects: list[bytes] = []
    page_ids = [4 + 2 * i for i in range(pages)]
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{p} 0 R" for p in page_ids).encode()
    objects.append(b"<< /Type /Pages /Kids [" + kids + b"] /Count " + str(pages).encode() + b" >>")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i in range(pages):
        safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        stream = (
            f"0.9 0.3 0.2 rg 60 500 475 250 re f "
            f"BT /F1 36 Tf 0 0 0 rg 72 760 Td ({safe}) Tj ET "
            f"BT /F1 18 Tf 72 460 Td (Page {i + 1}) Tj ET"
        ).encode()
        if padding and i == 0:
            stream += b"\n" + (b"% padding padding padding padding padding padding padding padding\n" * (padding // 66 + 1))
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
            f"/Contents {page_ids[i] + 1} 0 R >>".encode()
        )
        objects.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    return assemble_pdf(objects)


def assemble_pdf(objects: list[bytes]) -> bytes:
    """A PDF file from its numbered objects (object 1 is the catalog), with a correct xref table."""
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
