/**
 * A tiny element builder for the store page's plain DOM views (no React there, issue 29): text is
 * set as text, never parsed as markup, so an owner's or customer's words cannot become elements.
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}
