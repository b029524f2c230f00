import { Component, type ErrorInfo, type ReactNode } from 'react';

interface LoadBoundaryProps {
  /** Shown instead of the children once they failed. */
  fallback: ReactNode;
  children: ReactNode;
}

interface LoadBoundaryState {
  failed: boolean;
}

/**
 * Around a part of a page whose code loads later, to keep it out of the first load: if that code
 * cannot be fetched (offline, or a new release replaced the file), the part shows `fallback` and
 * the rest of the page keeps working instead of the whole page going blank.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, LoadBoundaryState> {
  override state: LoadBoundaryState = { failed: false };

  static getDerivedStateFromError(): LoadBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page could not be shown.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
