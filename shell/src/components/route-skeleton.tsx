/** Reserves the viewport while a remote loads, so its arrival shifts nothing. */
export function RouteSkeleton() {
  return (
    <div className="route-skeleton" role="status" aria-live="polite" aria-label="Loading">
      <div className="route-skeleton__bar route-skeleton__bar--title" />
      <div className="route-skeleton__bar" />
      <div className="route-skeleton__bar" />
      <div className="route-skeleton__bar route-skeleton__bar--short" />
    </div>
  )
}
