export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="progressbar" aria-label={label}>
      <span className="spinner-dot" />
    </span>
  );
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function SkeletonList({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="skeleton-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="skeleton-row" />
      ))}
    </ul>
  );
}
