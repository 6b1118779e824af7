import './loading-indicator.css';

/** A calm spinner; the label is for assistive technology, which cannot see it turn. */
export function LoadingIndicator({ label }: { label: string }) {
  return (
    <div className="loading-indicator" role="status">
      <span className="loading-indicator__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
