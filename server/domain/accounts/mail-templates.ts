import type { CodePurpose } from './codes';

/** The placeholder brand (src/theme.ts's PRODUCT_NAME; the server may not import src/). */
export const PRODUCT_NAME = 'Tablefront';

const WORDING: Record<CodePurpose, { subject: string; intro: string; ignore: string }> = {
  sign_in: {
    subject: `is your ${PRODUCT_NAME} sign-in code`,
    intro: `Enter this code on the ${PRODUCT_NAME} sign-in screen to continue:`,
    ignore: 'If you did not try to sign in or create an account, you can ignore this email: nobody can get in without the code.',
  },
  password_reset: {
    subject: `is your ${PRODUCT_NAME} password reset code`,
    intro: `Someone asked to reset the password of your ${PRODUCT_NAME} account. Enter this code with your new password:`,
    ignore: 'If you did not ask to reset your password, ignore this email: your password stays as it is.',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** "123456" → "123 456": easier to read and to type from another screen. */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** The code's own box in the HTML mail: large, monospaced, spaced out. */
const CODE_STYLE =
  'margin:0 0 16px;padding:16px;background:#f4f5f7;border-radius:6px;text-align:center;' +
  'font-family:Menlo,Consolas,monospace;font-size:32px;font-weight:700;letter-spacing:8px;';

/** The email carrying a one-time code: plain text and HTML with the same words. */
export function codeEmail(input: { purpose: CodePurpose; code: string; minutes: number; publicUrl: string }) {
  const words = WORDING[input.purpose];
  const life = `The code works once and expires in ${input.minutes} minutes.`;
  const subject = `${input.code} ${words.subject}`;
  const text = ['Hello,', '', words.intro, '', `    ${spaced(input.code)}`, '', life, '', words.ignore, '', `— ${PRODUCT_NAME}`, input.publicUrl, ''].join(
    '\n',
  );
  const url = escapeHtml(input.publicUrl);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${subject}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2328;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:32px;">
      <p style="margin:0 0 24px;font-size:20px;font-weight:700;">${PRODUCT_NAME}</p>
      <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${words.intro}</p>
      <p style="${CODE_STYLE}">${input.code}</p>
      <p style="margin:0 0 16px;font-size:14px;line-height:1.5;">${life}</p>
      <p style="margin:0;font-size:14px;line-height:1.5;color:#57606a;">${words.ignore}</p>
    </td></tr>
  </table>
  <p style="text-align:center;font-size:12px;color:#57606a;">${PRODUCT_NAME} · <a href="${url}" style="color:#57606a;">${url}</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
