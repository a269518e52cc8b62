import { useMemo, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { usePlatform } from '../../boot/platform'
import { useLocationReading, usePhotoPreview } from './device-probes'
import {
  initialValues,
  isReleased,
  LOAN_DEMO_LINKS,
  MORE_PREVIEW_LINKS,
  NOT_RELEASED_NOTE,
  PREVIEW_FIELDS,
  PREVIEW_LINKS,
  previewQuery,
  PROMOTION_DEMO_LINKS,
  PROMOTION_DEMO_NOTE,
  REPAY_DEMO_NOTE,
  repayDemoLinks,
  type DemoLink,
  type FieldKey,
} from './preview-links'

/**
 * The developer test page (its link tables in `preview-links.ts`, its device checks in `device-probes.ts`).
 */

/** App routes with the session fields as their query (and what else a page needs for its demo data). */
function RouteLinks({
  links,
  query,
}: {
  links: readonly { label: string; path: string; extra?: string }[]
  query: string
}) {
  return (
    <ul className="test-preview__links">
      {links.map((link) => (
        <li key={link.path}>
          <Link to={`${link.path}${query}${link.extra ? `&${link.extra}` : ''}`}>{link.label}</Link>
          {!isReleased(link.path) && <span className="test-preview__note"> ({NOT_RELEASED_NOTE})</span>}
        </li>
      ))}
    </ul>
  )
}

/** A remote's demo scenarios: each link is the test page's session fields with the scenario's ids set. */
function DemoLinks({
  id,
  title,
  links,
  values,
  children,
}: {
  id: string
  title: string
  links: readonly DemoLink[]
  values: Record<FieldKey, string>
  children?: ReactNode
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="test-preview__links">
        {links.map((link) => (
          <li key={link.label}>
            <Link
              to={`${link.path}${previewQuery({ ...values, ...link.set })}${link.extra ? `&${link.extra}` : ''}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  )
}

/** Developer test page: session fields, links to every borrower page, device capability checks. */
export function TestPreviewScreen({
  geolocation = globalThis.navigator?.geolocation,
}: {
  geolocation?: Geolocation
}) {
  const { loader, session, settings } = usePlatform()
  const repayDemo = useMemo(() => repayDemoLinks(settings.apiBase), [settings.apiBase])
  // Back on this page after following a link, the fields show what that link stored.
  const [values, setValues] = useState(() => initialValues(session.get()))
  const [contact, setContact] = useState('')
  const photo = usePhotoPreview()
  const location = useLocationReading(geolocation)
  const query = previewQuery(values)
  const records = loader.records()

  return (
    <main className="test-preview">
      <h1>Test preview</h1>
      <section aria-labelledby="tp-fields">
        <h2 id="tp-fields">Session</h2>
        {PREVIEW_FIELDS.map((field) => (
          <label key={field.key} className="test-preview__field">
            <span>{field.label}</span>
            <input
              name={field.key}
              value={values[field.key]}
              autoComplete="off"
              onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
            />
          </label>
        ))}
      </section>
      <nav aria-labelledby="tp-pages">
        <h2 id="tp-pages">Pages</h2>
        <RouteLinks links={PREVIEW_LINKS} query={query} />
      </nav>
      <nav aria-labelledby="tp-more">
        <h2 id="tp-more">More pages</h2>
        <RouteLinks links={MORE_PREVIEW_LINKS} query={query} />
      </nav>
      <DemoLinks id="tp-loan" title="Loan demo" links={LOAN_DEMO_LINKS} values={values} />
      <DemoLinks id="tp-repay" title="Repayment demo" links={repayDemo} values={values}>
        <p>{REPAY_DEMO_NOTE}</p>
      </DemoLinks>
      <nav aria-labelledby="tp-promotion">
        <h2 id="tp-promotion">Promotion demo</h2>
        <ul className="test-preview__links">
          {PROMOTION_DEMO_LINKS.map((link) => (
            <li key={link.href}>
              {link.shell ? <Link to={link.href}>{link.label}</Link> : <a href={link.href}>{link.label}</a>}
            </li>
          ))}
        </ul>
        <p>{PROMOTION_DEMO_NOTE}</p>
      </nav>
      <section aria-labelledby="tp-device">
        <h2 id="tp-device">Device</h2>
        <label className="test-preview__field">
          <span>Photo</span>
          <input type="file" accept="image/*" onChange={photo.onChange} />
        </label>
        {photo.error && <p role="alert">{photo.error}</p>}
        {photo.url && <img className="test-preview__photo" src={photo.url} alt="Selected photo preview" />}
        <label className="test-preview__field">
          <span>Contact</span>
          <input
            type="tel"
            inputMode="tel"
            value={contact}
            onChange={(e) => setContact(e.target.value.replace(/[^\d+ ]/g, ''))}
          />
        </label>
        <button type="button" className="shell-button" onClick={location.locate}>
          get location
        </button>
        <p aria-live="polite">{location.text}</p>
      </section>
      <section aria-labelledby="tp-diagnostics">
        <h2 id="tp-diagnostics">Diagnostics</h2>
        {records.length === 0 ? (
          <p>No remote loaded yet in this page view.</p>
        ) : (
          <table className="test-preview__table">
            <thead>
              <tr>
                <th>Remote</th>
                <th>Version</th>
                <th>Stage</th>
                <th>ms</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r, i) => (
                <tr key={i}>
                  <td>{r.remote}</td>
                  <td>{r.version}</td>
                  <td>{r.ok ? r.stage : `${r.stage} failed: ${r.error ?? ''}`}</td>
                  <td>{r.durationMs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  )
}
