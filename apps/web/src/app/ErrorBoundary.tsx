import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// The fallback screen loads only when something broke: MUI's Alert stays out of the first load.
const ErrorScreen = lazy(() => import('./ErrorScreen'));

interface State {
  error: Error | null;
}

/** Catches render errors anywhere below and shows 'Algo salió mal' (docs/product.md#screens Global). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('Error capturado por el límite de errores', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Suspense fallback={<p role="alert">Algo salió mal</p>}>
        <ErrorScreen error={error} />
      </Suspense>
    );
  }
}
