import type { RemoteProps } from 'shared/contract'
import { openServerLink } from 'shared/navigation'
import { showToast } from 'shared/ui'
import { clientType, type PromoParams } from '../../api/promotion'
import { MESSAGES } from '../../app/messages'
import { useTemplate } from '../../components/template'
import { onColour } from '../../components/colour'

type Props = Pick<RemoteProps, 'http' | 'settings' | 'navigate' | 'bridge'> & { params: PromoParams }

/** The app-download page (`#/downloadTemplate`): the template's app for the visitor's platform. */
export function DownloadScreen({ http, settings, navigate, bridge, params }: Props) {
  const { config, loaded } = useTemplate(http, params.id)
  const link = clientType(navigator.userAgent) === 'ios' ? config.iosUrl : config.androidUrl

  const download = () =>
    // A server-provided link: through the guard (an unknown host or scheme is refused with a toast, in this
    // page's language).
    openServerLink(link, { settings, navigate, bridge, refuse: () => showToast(MESSAGES.linkRefused) })

  return (
    <div className="promo-page promo-download">
      <header className="promo-header" style={onColour(config.backgroundColor)}>
        <h1 className="promo-header__title">{MESSAGES.downloadTitle}</h1>
        <p className="promo-header__subtitle">{config.title}</p>
      </header>
      <div className="promo-form">
        {loaded && !link ? (
          <p role="status">{MESSAGES.downloadUnavailable}</p>
        ) : (
          <button
            type="button"
            className="promo-apply"
            disabled={!loaded}
            style={onColour(config.buttonColor)}
            onClick={download}
          >
            {MESSAGES.download}
          </button>
        )}
      </div>
    </div>
  )
}
