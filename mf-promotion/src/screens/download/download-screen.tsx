import type { RemoteProps } from 'shared/contract'
import { openServerLink } from 'shared/navigation'
import { showToast } from 'shared/ui'
import { clientType, type PromoParams } from '../../api/promotion'
import { MESSAGES } from '../../content/messages'
import { useTemplate } from '../../components/template'
import { onColour } from '../../components/colour'
import { downloadTarget } from './download-link'

type Props = Pick<RemoteProps, 'http' | 'settings' | 'navigate' | 'bridge'> & { params: PromoParams }

/**
 * The app-download page (`#/downloadTemplate`): the app for the visitor's platform, the template's or the
 * deployment's store link (`downloadTarget`), so there is always one to download. The button waits for the
 * template (a tap before it would open the store link where the template names the channel's own).
 */
export function DownloadScreen({ http, settings, navigate, bridge, params }: Props) {
  const { config, loaded } = useTemplate(http, params.id)

  const download = () => {
    const target = downloadTarget(config, settings, clientType(navigator.userAgent), window.location.origin)
    // Through the guard whichever link it is; a refusal (should even the deployment's link be unusable) is a toast in
    // this page's language.
    openServerLink(target.link, {
      settings: target.settings,
      navigate,
      bridge,
      refuse: () => showToast(MESSAGES.linkRefused),
    })
  }

  return (
    <div className="promo-page promo-download">
      <header className="promo-header" style={onColour(config.backgroundColor)}>
        <h1 className="promo-header__title">{MESSAGES.downloadTitle}</h1>
        <p className="promo-header__subtitle">{config.title}</p>
      </header>
      <div className="promo-form">
        <button
          type="button"
          className="promo-apply"
          disabled={!loaded}
          style={onColour(config.buttonColor)}
          onClick={download}
        >
          {MESSAGES.download}
        </button>
      </div>
    </div>
  )
}
