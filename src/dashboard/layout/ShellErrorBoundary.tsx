import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '../app/messagePages.ts';

interface Props {
  /** Changing it (the location) clears a caught error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches a screen's render error and shows 'Sorry.. Something went wrong' inside the shell. */
export class ShellErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Error reporting (sample rate 0.8) hooks in here when it lands; the console keeps it meanwhile.
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    // The error page is fetched when it is first needed; until then the content area stays empty.
    return this.state.error ? (
      <Suspense fallback={null}>
        <ErrorFallback onBack={() => this.setState({ error: null })} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
