import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';

type Props = { children: ReactNode; resetKey: string };
type State = { failed: boolean };

/**
 * The router's fallback page (spec: it reads 'Unexpected Application Error!'). Plain markup on
 * purpose: the error may have come from the UI library itself, and a failed chunk download
 * (after a deploy) must still leave the visitor something to click.
 */
class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    // Browser back/forward to another page gives that page a fresh chance.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main role="alert" style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', padding: '24px', textAlign: 'center' }}>
        <div style={{ maxWidth: '28rem' }}>
          <h1 style={{ fontSize: '1.75rem', margin: '0 0 12px' }}>Unexpected Application Error!</h1>
          <p style={{ color: 'var(--mantine-color-dimmed)', margin: '0 0 20px' }}>Something went wrong on our side. Reloading the page usually fixes it.</p>
          {/* A full page load, not client navigation: it also fetches a fresh copy of the app. */}
          <a href="/" style={{ fontWeight: 600, display: 'inline-block', padding: '10px 4px' }}>
            Back to the home page
          </a>
        </div>
      </main>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>;
}
