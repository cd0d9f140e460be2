/**
 * The frame every mail of ours is written in (codes, orders): the brand, one white card on a
 * grey page, the site's address under it. Plain text and HTML always carry the same words.
 */

/** The placeholder brand (src/theme.ts's PRODUCT_NAME; the server may not import src/). */
export const PRODUCT_NAME = 'Tablefront';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A paragraph of the card; `muted` for the small print. */
export const paragraph = (html: string, style = 'margin:0 0 16px;font-size:16px;line-height:1.5;') => `<p style="${style}">${html}</p>`;

/** The whole HTML document: `title` in the head, `heading` atop the card, `body` (HTML, already escaped) inside it. */
export function mailPage(input: { title: string; heading: string; body: string; publicUrl: string }): string {
  const url = escapeHtml(input.publicUrl);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2328;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:32px;">
      <p style="margin:0 0 24px;font-size:20px;font-weight:700;">${escapeHtml(input.heading)}</p>
      ${input.body}
    </td></tr>
  </table>
  <p style="text-align:center;font-size:12px;color:#57606a;">${PRODUCT_NAME} · <a href="${url}" style="color:#57606a;">${url}</a></p>
</body>
</html>
`;
}
