// A widget that throws shows a readable failure in its box instead of going blank.
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';
import * as css from './widget.css.ts';

interface Props {
  children: ReactNode;
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('[atrium] widget failed', error);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className={css.failure}>
        <strong>{i18n.t('widget.failed')}</strong>
        <span className={css.failureDetail}>{this.state.error.message}</span>
        <button type="button" className={css.failureRetry} onClick={() => this.setState({ error: null })}>
          {i18n.t('common.retry')}
        </button>
      </div>
    );
  }
}
