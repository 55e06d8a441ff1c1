import { Component, type ReactNode } from 'react';

/**
 * Renders nothing instead of a failing child. For background helpers of the shell (the version
 * check): their failure must never take the dashboard down with them.
 */
export class QuietBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.name} failed and is switched off`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
