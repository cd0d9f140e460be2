/**
 * Escaped HTML by construction: `html` is a tagged template whose every interpolated value is
 * escaped unless it is already `Html` (made by `html` itself, or `raw` for the few strings the
 * page writes itself). An owner's text (a name such as `<script>`, quotes in a description)
 * therefore cannot end a tag or an attribute, wherever a section puts it.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

type Part = Html | string | number | null | undefined | false | readonly Part[];

const written = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(written).join('');
  return escapeHtml(String(part));
};

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let text = strings[0]!;
  parts.forEach((part, index) => {
    text += written(part) + strings[index + 1]!;
  });
  return new Html(text);
}

/** Markup the page writes itself (its style sheet, a JSON block already made safe): never owners' text. */
export const raw = (text: string): Html => new Html(text);

/**
 * JSON for a `<script>` data block: `<` is written `\u003c` (so no `</script>` or `<!--` can end
 * or bend the block), and `>`, `&`, U+2028 and U+2029 likewise; JSON.parse reads them back as they were.
 */
export const jsonForScript = (value: unknown): Html =>
  raw(JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`));
