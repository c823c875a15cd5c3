import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from 'shared-contracts';
import { reportRemoteError } from '../releaseHealth';

interface Props {
  /** rendered instead of the children after a render error; `reset` clears the error */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
  /** the remote whose code renders inside: a crash counts as an error of its build (release health) */
  remote: RemoteName;
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
    reportRemoteError(this.props.remote);
  }

  private readonly reset = () => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.reset) : this.props.children;
  }
}
