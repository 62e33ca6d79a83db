import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

type State = { error: Error | null };

// ErrorBoundary catches a page that failed to load or render (a chunk that
// never arrived, spec §8 ChunkLoadError) and offers a reload instead of a
// blank page.
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    const chunk = this.state.error.name === 'ChunkLoadError';
    return (
      <Translation>
        {(t) => (
          <div className="load-error" role="alert">
            <p>{chunk ? t('errors.network') : t('errors.unknown')}</p>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              {t('common.retry')}
            </button>
          </div>
        )}
      </Translation>
    );
  }
}
