import { useEffect, useMemo, useRef, type MouseEvent } from 'react'
import type { RemoteProps, Settings } from 'shared/contract'
import { MESSAGES, SECTION_HASHES, type SectionKey } from '../../content/messages'
import { toHtml } from '../../components/legal-document'
import { lenderOf } from '../../content/lender'
import { privacyPolicySections } from '../../content/privacy-policy'
import { AboutUsScreen } from '../about-us/about-us-screen'
import { LoanAgreementScreen } from '../loan-agreement/loan-agreement-screen'
import { BannerCarousel } from './banner-carousel'
import { ContactForm } from './contact-form'
import { SiteFooter } from './site-footer'

const NAV_ORDER: readonly SectionKey[] = ['home', 'about', 'contact', 'privacy', 'terms']

/** An unknown hash shows Home rather than an empty page. */
export function sectionFor(hash: string): SectionKey {
  const wanted = hash.replace(/^#/, '').trim()
  return NAV_ORDER.find((key) => SECTION_HASHES[key] === wanted) ?? 'home'
}

export function sectionPath(key: SectionKey): string {
  return SECTION_HASHES[key] ? `/#${SECTION_HASHES[key]}` : '/'
}

/** The public marketing site: one page whose sections are chosen by the URL hash. */
export function SiteScreen(props: RemoteProps) {
  const { navigate, settings, http } = props
  const section = sectionFor(props.hash)
  const headerRef = useRef<HTMLElement>(null)
  const mainRef = useRef<HTMLElement>(null)
  const shownSection = useRef(section)

  // A section change replaces the page content: bring the reader to its top, and screen readers with them.
  useEffect(() => {
    if (shownSection.current === section) return
    shownSection.current = section
    headerRef.current?.scrollIntoView?.({ block: 'start' })
    mainRef.current?.focus({ preventScroll: true })
  }, [section])

  const onNavClick = (event: MouseEvent<HTMLAnchorElement>, key: SectionKey) => {
    // Let the browser handle "open in a new tab" and similar.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(sectionPath(key))
  }

  return (
    <div className="site">
      <header ref={headerRef} className="site-header">
        <a className="site-header__brand" href="/" onClick={(event) => onNavClick(event, 'home')}>
          {settings.name}
        </a>
        <nav className="site-nav" aria-label={MESSAGES.nav.label}>
          <ul className="site-nav__list">
            {NAV_ORDER.map((key) => (
              <li key={key}>
                <a
                  className="site-nav__link"
                  href={sectionPath(key)}
                  aria-current={key === section ? 'page' : undefined}
                  onClick={(event) => onNavClick(event, key)}
                >
                  {MESSAGES.nav[key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main ref={mainRef} className="site-main" tabIndex={-1}>
        {section === 'home' && (
          <HomeSection name={settings.name} onTermsClick={(event) => onNavClick(event, 'terms')} />
        )}
        {section === 'about' && <AboutUsScreen settings={settings} />}
        {section === 'contact' && <ContactSection />}
        {section === 'privacy' && <PrivacySection settings={settings} />}
        {section === 'terms' && <LoanAgreementScreen settings={settings} />}
      </main>
      <SiteFooter http={http} settings={settings} />
    </div>
  )
}

interface HomeSectionProps {
  name: string
  onTermsClick: (event: MouseEvent<HTMLAnchorElement>) => void
}

function HomeSection({ name, onTermsClick }: HomeSectionProps) {
  const m = MESSAGES.home
  return (
    <>
      <BannerCarousel />
      <div className="site-section">
        <h1 className="site-section__title">{m.title(name)}</h1>
        <p>{m.pitch(name)}</p>
        <h2 className="site-section__subtitle">{m.stepsTitle}</h2>
        <ol className="site-steps">
          {m.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <a className="site-button site-button--ghost" href={sectionPath('terms')} onClick={onTermsClick}>
          {m.readTerms}
        </a>
      </div>
    </>
  )
}

function ContactSection() {
  const m = MESSAGES.contact
  return (
    <div className="site-section">
      <h1 className="site-section__title">{m.title}</h1>
      <p>{m.intro}</p>
      <ContactForm />
    </div>
  )
}

function PrivacySection({ settings }: { settings: Settings }) {
  // Built once per deployment's settings: the string is large.
  const html = useMemo(
    () => toHtml(privacyPolicySections(lenderOf(settings)), MESSAGES.titles.privacyPolicy),
    [settings],
  )
  return (
    <div className="site-section">
      <h1 className="site-section__title">{MESSAGES.titles.privacyPolicy}</h1>
      <p>{MESSAGES.privacyFrame.intro}</p>
      <iframe className="site-frame" title={MESSAGES.titles.privacyPolicy} sandbox="" srcDoc={html} />
    </div>
  )
}
