// Catches what a page throws while rendering (or a route chunk that fails to download) and shows the
// 'Unexpected Application Error' screen instead of a blank page. Moving to another address clears it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouterErrorPage } from './router-error-page';

interface Props {
  /** When this changes (the address), the boundary tries the page again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedAt: string | null;
}

export class AppErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedAt !== null && state.failedAt !== props.resetKey) return { error: null, failedAt: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected Application Error', error, info.componentStack);
    this.setState({ failedAt: this.props.resetKey });
  }

  render() {
    if (this.state.error) return <RouterErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
