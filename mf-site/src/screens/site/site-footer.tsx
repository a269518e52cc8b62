import type { Settings } from 'shared/contract'
import type { Http } from 'shared/http'
import { MESSAGES } from '../../content/messages'
import { EmailAddress } from '../../components/email-address'
import { lenderOf } from '../../content/lender'
import { useContactDetails } from './use-contact-details'

/** A dialable form of a displayed number: digits and a leading plus only. */
function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return /\d/.test(digits) ? `tel:${digits}` : null
}

export function SiteFooter({ http, settings }: { http: Http; settings: Settings }) {
  const { phone, email } = useContactDetails(http, settings)
  const phoneHref = telHref(phone)
  const m = MESSAGES.footer
  // The lender's details as the deployment states them (ADR 0038); one it does not state is left out.
  const lender = lenderOf(settings)
  const registration = [
    lender.secNo && m.secRegistration(lender.secNo),
    lender.authorityNo && m.certificateOfAuthority(lender.authorityNo),
  ].filter(Boolean)
  return (
    <footer className="site-footer" aria-label={m.label}>
      <dl className="site-footer__details">
        <div className="site-footer__row">
          <dt>{m.phone}</dt>
          <dd>
            {phoneHref ? (
              <a className="site-footer__link" href={phoneHref}>
                {phone}
              </a>
            ) : (
              phone
            )}
          </dd>
        </div>
        <div className="site-footer__row">
          <dt>{m.email}</dt>
          <dd>
            <EmailAddress className="site-footer__link" address={email} />
          </dd>
        </div>
        {lender.address && (
          <div className="site-footer__row">
            <dt>{m.address}</dt>
            <dd>{lender.address}</dd>
          </div>
        )}
      </dl>
      {registration.length > 0 && <p className="site-footer__legal">{registration.join(' · ')}</p>}
      {lender.name && (
        <p className="site-footer__legal">{m.copyright(new Date().getFullYear(), lender.name)}</p>
      )}
    </footer>
  )
}
