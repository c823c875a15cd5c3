import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** rendered instead of the children after a render error; `reset` clears the error */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
  /** changing this value (e.g. the path) clears a previous error */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/** Keeps a crash inside one remote's area: header, footer and the other areas go on working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] a remote area crashed', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.reset) : this.props.children;
  }
}
