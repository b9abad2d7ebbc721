import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import { ErrorScreen, homeIcon } from './ErrorScreen';

interface Props {
  /** A new key (the next page) clears the error. */
  resetKey: string;
  onReset: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/**
 * Inside the shell: a screen that fails shows the error screen in the content area, and the
 * sidebar, top bar and breadcrumb stay usable around it. React's onCaughtError logs the error.
 */
class Boundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null, failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorScreen
        error={this.state.error}
        onRetry={this.retry}
        home={
          <Link to="/" className={buttonClass('secondary')}>
            {homeIcon} Go Home
          </Link>
        }
      />
    );
  }
}

/** The boundary, with Retry also resetting failed queries so they load again. */
export function ScreenErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary resetKey={resetKey} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
