/**
 * Marks the category link of the section being read (`aria-current`) while the visitor
 * scrolls (an IntersectionObserver, ended by the function returned). The links themselves are plain anchors that work without this script; smooth
 * scrolling is the style sheet's, and only without prefers-reduced-motion.
 */
export function followCategories(nav: HTMLElement): () => void {
  const links = new Map<string, HTMLAnchorElement>();
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) links.set(link.hash.slice(1), link);
  const mark = (id: string) => {
    for (const [anchor, link] of links) {
      if (anchor === id) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  };
  // A section counts as read when it crosses a line a third of the way down the window.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) mark(entry.target.id);
    },
    { rootMargin: '-33% 0px -66% 0px' },
  );
  for (const id of links.keys()) {
    const section = document.getElementById(id);
    if (section) observer.observe(section);
  }
  return () => observer.disconnect();
}
