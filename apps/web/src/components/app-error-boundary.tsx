import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '@/components/error-fallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Last line of defence around the whole app (the providers, the router itself). Route screens
 * have the router's own error element, so this only shows when something outside them fails.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept visible in the browser console for support; the screen shows the message itself.
    console.error(error, info.componentStack);
  }

  private readonly reset = () => {
    this.setState({ error: undefined, hasError: false });
  };

  override render() {
    if (this.state.hasError) {
      return (
        <main className="min-h-dvh">
          <ErrorFallback error={this.state.error} onRetry={this.reset} inRouter={false} />
        </main>
      );
    }
    return this.props.children;
  }
}
