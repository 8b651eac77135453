import { Component, type ErrorInfo, type ReactNode } from 'react';

import { useTranslation } from '../lib/use-translation';

export function ErrorMessage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="error-panel" role="alert">
      <h1>{t('errorBoundary.title')}</h1>
      <p>{t('errorBoundary.body')}</p>
      <p className="error-panel__actions">
        {onRetry && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('errorBoundary.retry')}
          </button>
        )}
        {/* A full page load on purpose: the app's state may be what broke. */}
        <a className="button button--secondary" href="/">
          {t('errorBoundary.backHome')}
        </a>
      </p>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** When this value changes (e.g. the route), a caught error is forgotten. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Catches rendering errors below it and shows a friendly message instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorMessage onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
