import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { STORE_PAGE_CSS } from '../../../../src/store-roots';

/**
 * JSON for a `<script>` data block: `<` is written `\u003c` (so no `</script>` or `<!--` can end
 * or bend the block), and `>`, `&`, U+2028 and U+2029 likewise; JSON.parse reads them back as they were.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A JSON block in the page: written as it is (made safe above), never escaped again as text. */
export const JsonScript = ({ type, id, value }: { type: string; id?: string; value: unknown }) => (
  <script type={type} id={id} dangerouslySetInnerHTML={{ __html: jsonForScript(value) }} />
);

type PageDocument = {
  /** What the <head> says of this page, after the charset and viewport and before the style sheet. */
  head: ReactNode;
  /** The component tree the browser hydrates, and the props it hydrates it with (the `dataId` block). */
  root: ReactNode;
  dataId: string;
  data: unknown;
  /** The built script's path, or null when the app is not built (the page works without it). */
  scriptSrc: string | null;
};

/**
 * A public page, whole: the document is static markup, and `root` is rendered with
 * renderToString into #page-root, exactly as src/store-page.tsx hydrates it from the data block.
 * React escapes every owner's word; the style sheet and the JSON blocks are the page's own.
 */
export function renderDocument({ head, root, dataId, data, scriptSrc }: PageDocument): string {
  const page = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#2b1b12" />
        <style dangerouslySetInnerHTML={{ __html: STORE_PAGE_CSS }} />
        {/* Without a script nothing hidden will show, so it keeps no room (with one, it does: no layout shift when it shows). */}
        <noscript dangerouslySetInnerHTML={{ __html: '<style>[hidden]{display:none!important}</style>' }} />
        {scriptSrc && <script type="module" src={scriptSrc} />}
      </head>
      <body>
        <div id="page-root" dangerouslySetInnerHTML={{ __html: renderToString(root) }} />
        <JsonScript type="application/json" id={dataId} value={data} />
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
}
