import { mailPage, paragraph, PRODUCT_NAME } from '../shared/mail-layout';
import type { CodePurpose } from './codes';

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
  const html = mailPage({
    title: subject,
    heading: PRODUCT_NAME,
    publicUrl: input.publicUrl,
    body: [
      paragraph(words.intro),
      `<p style="${CODE_STYLE}">${input.code}</p>`,
      paragraph(life, 'margin:0 0 16px;font-size:14px;line-height:1.5;'),
      paragraph(words.ignore, 'margin:0;font-size:14px;line-height:1.5;color:#57606a;'),
    ].join('\n      '),
  });
  return { subject, text, html };
}
