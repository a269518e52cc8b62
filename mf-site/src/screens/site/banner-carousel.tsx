import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { MESSAGES } from '../../content/messages'

/** The spec's carousel interval. */
export const BANNER_INTERVAL_MS = 3000
/** A drag this far (or a quarter of the banner's width, if less) moves to the next or previous banner. */
export const SWIPE_THRESHOLD_PX = 40
/** How far a pointer moves before the gesture counts as a drag or a scroll: a tap moves nothing. */
const DRAG_SLOP_PX = 8
/** The track's transition (0.4 s in site.css) and a margin: by then a move has ended, transitionend or not. */
const SETTLE_MS = 500

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches
}

function onMotionPreference(changed: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined
  const query = window.matchMedia(REDUCED_MOTION)
  // Older web views' MediaQueryList has no addEventListener: the preference is then read once.
  query.addEventListener?.('change', changed)
  return () => query.removeEventListener?.('change', changed)
}

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/**
 * Where the track stands, in banners: 0 to count - 1 are the banners; -1 and count are copies of the last and
 * the first banner, so the loop moves on in the same direction; the track jumps back from a copy, unanimated.
 * A position is fractional only while a drag holds the track where it was caught.
 */
interface Track {
  pos: number
  animate: boolean
}

/** A pointer on the track: a drag once it moves sideways, ignored once it moves mostly up or down. */
interface Gesture {
  pointerId: number
  startX: number
  startY: number
  mode: 'pending' | 'drag' | 'scroll'
  /** The banner's width in pixels; 0 where nothing is laid out (tests). */
  width: number
  /** The position the drag started from, and how far it has moved the track. */
  pos: number
  dx: number
}

/** From a copy, the same banner among the originals, without animation. */
function settled(track: Track, count: number): Track {
  const at = Math.round(track.pos)
  return at >= 0 && at < count ? track : { pos: modulo(track.pos, count), animate: false }
}

/** The position the track is drawn at, mid-transition included. */
function drawnPosition(element: HTMLElement, fallback: number): number {
  const width = element.offsetWidth
  if (!width) return fallback
  return -new DOMMatrixReadOnly(getComputedStyle(element).transform).m41 / width - 1
}

/* Decorative artwork drawn inline so the banners need no image requests and never shift the layout. */
const ARTWORK: readonly ReactNode[] = [
  // A clock: the one-day decision.
  <svg key="clock" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
    <circle cx="32" cy="32" r="26" fill="none" stroke="currentColor" strokeWidth="5" />
    <path d="M32 18v15l10 6" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
  </svg>,
  // A receipt: every fee listed.
  <svg key="receipt" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
    <path
      d="M14 6h36v52l-6-4-6 4-6-4-6 4-6-4-6 4z"
      fill="none"
      stroke="currentColor"
      strokeWidth="4"
      strokeLinejoin="round"
    />
    <path d="M22 20h20M22 30h20M22 40h12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
  </svg>,
  // A calendar: the choice of term.
  <svg key="calendar" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
    <rect x="8" y="12" width="48" height="44" rx="6" fill="none" stroke="currentColor" strokeWidth="4" />
    <path d="M8 24h48M20 6v12M44 6v12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    <path d="M22 40l7 7 13-14" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
  </svg>,
]

export function BannerCarousel() {
  const m = MESSAGES.carousel
  const count = m.banners.length
  const [track, setTrack] = useState<Track>({ pos: 0, animate: true })
  const [dragPx, setDragPx] = useState(0)
  // A finger (or mouse button) on the banners, and whether it has started dragging them.
  const [hold, setHold] = useState<'none' | 'touch' | 'drag'>('none')
  const touching = hold !== 'none'
  // Moving content must be stoppable (WCAG 2.2.2); visitors who ask for less motion start paused, until they
  // choose. The page's first frame, rendered where no media query is known, plays; hydration then reads it.
  const reducedMotion = useSyncExternalStore(onMotionPreference, prefersReducedMotion, () => false)
  const [chosen, setChosen] = useState<boolean | null>(null)
  const playing = chosen ?? !reducedMotion
  const trackRef = useRef<HTMLDivElement>(null)
  const gesture = useRef<Gesture | null>(null)
  const current = modulo(Math.round(track.pos), count)
  const onCopy = Math.round(track.pos) !== current

  // The next banner a full interval after the last move; a finger on the banners holds them.
  useEffect(() => {
    if (!playing || touching) return
    const timer = window.setTimeout(() => {
      setTrack((value) => ({ pos: settled(value, count).pos + 1, animate: true }))
    }, BANNER_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [playing, touching, current, count])

  // Back from a copy once the move has ended, even where no transitionend comes (reduced motion, hidden tab).
  useEffect(() => {
    if (!onCopy || touching) return
    const timer = window.setTimeout(() => setTrack((value) => settled(value, count)), SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [onCopy, touching, count])

  // An unanimated jump must reach the computed style before the next move turns the transition back on.
  useLayoutEffect(() => {
    if (!track.animate) trackRef.current?.getBoundingClientRect()
  }, [track])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button !== 0) return
    try {
      event.currentTarget.setPointerCapture(event.pointerId)
    } catch {
      // The pointer is already gone; pointerup or pointercancel still ends the gesture.
    }
    gesture.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      mode: 'pending',
      width: event.currentTarget.offsetWidth,
      pos: track.pos,
      dx: 0,
    }
    setHold('touch')
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current
    if (!g || g.pointerId !== event.pointerId || g.mode === 'scroll') return
    const dx = event.clientX - g.startX
    const dy = event.clientY - g.startY
    if (g.mode === 'pending') {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < DRAG_SLOP_PX) return
      if (Math.abs(dy) > Math.abs(dx)) {
        g.mode = 'scroll'
        return
      }
      // Catch the track where it is drawn, even mid-move, counted among the originals.
      g.mode = 'drag'
      g.pos = modulo(drawnPosition(event.currentTarget, track.pos) + 0.5, count) - 0.5
      setTrack({ pos: g.pos, animate: false })
      setHold('drag')
    }
    // At most one banner either way, and never past a copy.
    g.dx = g.width
      ? clamp(dx, Math.max(-g.width, (g.pos - count) * g.width), Math.min(g.width, (g.pos + 1) * g.width))
      : dx
    setDragPx(g.dx)
  }

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current
    if (!g || g.pointerId !== event.pointerId) return
    gesture.current = null
    setHold('none')
    if (g.mode !== 'drag') return
    // A cancelled drag (the browser took the gesture over) springs back.
    const dx = event.type === 'pointerup' ? g.dx : 0
    const threshold = g.width ? Math.min(SWIPE_THRESHOLD_PX, g.width / 4) : SWIPE_THRESHOLD_PX
    const step = dx <= -threshold ? 1 : dx >= threshold ? -1 : 0
    setDragPx(0)
    setTrack({ pos: Math.round(g.pos) + step, animate: true })
  }

  const renderBanner = (index: number, copy: boolean) => {
    const banner = m.banners[index]
    const content = (
      <>
        <div className="site-banner__text">
          <p className="site-banner__title">{banner.title}</p>
          <p className="site-banner__body">{banner.text}</p>
        </div>
        <div className="site-banner__art">{ARTWORK[index]}</div>
      </>
    )
    return copy ? (
      <div
        key={`copy-${banner.title}`}
        className={`site-banner site-banner--${index + 1}`}
        aria-hidden="true"
        inert
      >
        {content}
      </div>
    ) : (
      <div
        key={banner.title}
        className={`site-banner site-banner--${index + 1}`}
        role="group"
        aria-roledescription="slide"
        aria-label={m.slide(index + 1, count)}
        aria-hidden={index !== current}
      >
        {content}
      </div>
    )
  }

  return (
    <section className="site-carousel" aria-roledescription="carousel" aria-label={m.label}>
      <div
        ref={trackRef}
        className={`site-carousel__track${track.animate ? '' : ' site-carousel__track--still'}${hold === 'drag' ? ' site-carousel__track--dragging' : ''}`}
        style={{ transform: `translateX(calc(${-(track.pos + 1) * 100}% + ${dragPx}px))` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onLostPointerCapture={onPointerEnd}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget) setTrack((value) => settled(value, count))
        }}
      >
        {renderBanner(count - 1, true)}
        {m.banners.map((_, index) => renderBanner(index, false))}
        {renderBanner(0, true)}
      </div>
      <div className="site-carousel__dots" aria-hidden="true">
        {m.banners.map((banner, index) => (
          <span
            key={banner.title}
            className={`site-carousel__dot${index === current ? ' site-carousel__dot--active' : ''}`}
          />
        ))}
      </div>
      <button
        type="button"
        className="site-carousel__toggle"
        aria-label={playing ? m.pause : m.play}
        onClick={() => setChosen(!playing)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          {playing ? (
            <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
          ) : (
            <path d="M5 3l8 5-8 5z" fill="currentColor" />
          )}
        </svg>
      </button>
    </section>
  )
}
