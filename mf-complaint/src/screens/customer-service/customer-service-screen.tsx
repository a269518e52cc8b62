import { useCallback } from 'react'
import type { RemoteProps } from 'shared/contract'
import { mailTo, mailtoHref } from 'shared/navigation'
import { copyAndTell } from 'shared/ui'
import { getContactInfo } from '../../api/contact-info'
import { MESSAGES } from '../../content/messages'
import { LoadError, LoadingBlock } from '../../components/screen-parts'
import { useLoad } from 'shared/ui/use-load'

const m = MESSAGES.service
const COPY_MESSAGES = { copied: m.copied, failed: m.copyFailed }

/**
 * Customer service: Telephone and E-Mail. The server's contacts win; the deploy settings stand in when the
 * server sends none or the call fails, so the borrower can always reach someone. An e-mail address that opens
 * no mail client is copied on tap instead.
 */
export function CustomerServiceScreen(props: RemoteProps) {
  const { http, bridge, settings } = props
  const load = useCallback(() => getContactInfo(http), [http])
  const { state, retry } = useLoad(load)

  if (state.status === 'loading') {
    return (
      <main className="ui-page">
        <h1 className="complaint-title">{m.title}</h1>
        <LoadingBlock minHeight={120} />
      </main>
    )
  }

  const info = state.status === 'ready' ? state.data : { phone: '', email: '' }
  const phone = info.phone || settings.servicePhone
  const email = info.email || settings.serviceEmail
  // An address the guard will not open (no dot in the domain, say) is still the borrower's way to write.
  const mailable = mailtoHref(email) !== null

  return (
    <main className="ui-page">
      <h1 className="complaint-title">{m.title}</h1>
      {state.status === 'error' && <LoadError message={state.message} onRetry={retry} />}
      <ul className="complaint-card complaint-service">
        <li>
          <button
            type="button"
            className="complaint-service__row"
            disabled={!phone}
            onClick={() => bridge.call('callTelephone', [phone])}
          >
            <span className="complaint-service__label">{m.telephone}</span>
            <span className="complaint-service__value">{phone || m.unavailable}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="complaint-service__row"
            disabled={!email}
            onClick={() =>
              mailable ? mailTo(window.location, email) : void copyAndTell(email, COPY_MESSAGES)
            }
          >
            <span className="complaint-service__label">{m.email}</span>
            <span className="complaint-service__value">{email || m.unavailable}</span>
            {email && !mailable && <span className="complaint-service__action">{m.copy}</span>}
          </button>
        </li>
      </ul>
    </main>
  )
}
