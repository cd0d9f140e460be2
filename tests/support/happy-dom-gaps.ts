/**
 * Where happy-dom answers differently from a browser in a way the tests can see, corrected here
 * so that a test passes in it exactly when it would pass against a browser's DOM.
 */

/**
 * happy-dom reports `display` as '' for an element its default style sheet gives no display
 * (span, a, label, …), where a browser reports the initial value, 'inline'. Testing Library
 * names an element by joining its children's text, with a space around every child that is not
 * inline: without this, "Continue with Apple (coming soon)" would read "… ( coming soon )".
 */
const corrected = new WeakSet<Window>();

export function reportInitialDisplay(window: Window & typeof globalThis): void {
  // Every test file runs the setup again in the same window (one per worker): correct it once.
  if (corrected.has(window)) return;
  corrected.add(window);
  const compute = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    const style = compute(element, pseudoElement);
    if (style.display !== '' || !element.isConnected) return style;
    return new Proxy(style, {
      get(target, property) {
        if (property === 'display') return 'inline';
        if (property === 'getPropertyValue') {
          return (name: string) => (name === 'display' ? 'inline' : target.getPropertyValue(name));
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}

const VIEWPORTS = { desktop: { width: 1024, height: 768 }, phone: { width: 375, height: 667 } } as const;

/**
 * The window's size, which happy-dom's media queries (CSS `@media` and `matchMedia`) answer
 * from: 1024 × 768 by default. Reset it after a test that changes it: a worker's files share one window.
 */
export function setViewport(size: keyof typeof VIEWPORTS): void {
  const emulated = window as unknown as { happyDOM?: { setViewport(viewport: { width: number; height: number }): void } };
  if (!emulated.happyDOM) throw new Error('setViewport needs the happy-dom environment.');
  const viewport = VIEWPORTS[size];
  // Called after every test: most never leave the desktop, and a resize re-evaluates every media query.
  if (window.innerWidth === viewport.width && window.innerHeight === viewport.height) return;
  emulated.happyDOM.setViewport(viewport);
}
