import { useMemo, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import type { PromoParams } from '../api/promotion'
import { AgreementScreen } from '../screens/agreement/agreement-screen'
import { DownloadScreen } from '../screens/download/download-screen'
import { RegisterScreen } from '../screens/register/register-screen'
import { readPromoLocation } from '../components/promo-route'
import 'shared/ui/tokens.css'
import './promotion.css'

/** The remote's root: the hash route chooses the page (DESIGN.md §2); `screen` is always `promotion`. */
export function PromotionApp(props: RemoteProps) {
  return (
    <UiProvider locale={props.locale}>
      <main className="promo-app" lang="zh-CN">
        <PromotionPages {...props} />
      </main>
    </UiProvider>
  )
}

/** The landing a visitor has seen, and the ad link's parameters it runs with. */
interface Landing {
  key: string
  params: PromoParams
}

const paramsKey = (params: PromoParams) => new URLSearchParams({ ...params }).toString()

/**
 * The page the hash names. The landing, once shown, stays mounted (hidden) while the visitor reads the
 * agreement or the download page, so coming back finds what they typed, the same captcha and the SMS
 * countdown still running, and counts no second visit. A landing for other parameters (another ad link)
 * starts afresh, as does the download page for each address.
 */
function PromotionPages(props: RemoteProps) {
  const { query, hash } = props
  const { page, params } = useMemo(() => readPromoLocation(query, hash), [query, hash])
  const key = paramsKey(params)
  const [landing, setLanding] = useState<Landing | null>(page === 'register' ? { key, params } : null)
  if (page === 'register' && landing?.key !== key) setLanding({ key, params })
  return (
    <>
      {landing && (
        <div className="promo-landing" hidden={page !== 'register'}>
          <RegisterScreen key={landing.key} {...props} params={landing.params} />
        </div>
      )}
      {page === 'download' && <DownloadScreen key={key} {...props} params={params} />}
      {page === 'agreement' && <AgreementScreen productName={props.settings.name} />}
    </>
  )
}
