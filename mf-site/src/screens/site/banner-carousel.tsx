import { Swiper } from 'antd-mobile'
import { useState, type ReactNode } from 'react'
import { MESSAGES } from '../../app/messages'

/** The spec's carousel interval. */
export const BANNER_INTERVAL_MS = 3000

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
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
  const [current, setCurrent] = useState(0)
  // Moving content must be stoppable (WCAG 2.2.2); visitors who ask for less motion start paused.
  const [playing, setPlaying] = useState(() => !prefersReducedMotion())
  return (
    <section className="site-carousel" aria-roledescription="carousel" aria-label={m.label}>
      <Swiper
        className="site-carousel__swiper"
        autoplay={playing}
        autoplayInterval={BANNER_INTERVAL_MS}
        loop
        onIndexChange={setCurrent}
      >
        {m.banners.map((banner, index) => (
          <Swiper.Item key={banner.title}>
            <div
              className={`site-banner site-banner--${index + 1}`}
              role="group"
              aria-roledescription="slide"
              aria-label={m.slide(index + 1, m.banners.length)}
              aria-hidden={index !== current}
            >
              <div className="site-banner__text">
                <p className="site-banner__title">{banner.title}</p>
                <p className="site-banner__body">{banner.text}</p>
              </div>
              <div className="site-banner__art">{ARTWORK[index]}</div>
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
      <button
        type="button"
        className="site-carousel__toggle"
        aria-label={playing ? m.pause : m.play}
        onClick={() => setPlaying((value) => !value)}
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
