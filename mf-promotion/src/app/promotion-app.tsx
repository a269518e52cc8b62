import { useMemo } from 'react'
import type { RemoteProps } from 'shared/contract'
import { UiProvider } from 'shared/ui'
import { AgreementScreen } from '../screens/agreement/agreement-screen'
import { DownloadScreen } from '../screens/download/download-screen'
import { RegisterScreen } from '../screens/register/register-screen'
import { readPromoLocation } from './promo-route'
import './promotion.css'

/** The remote's root: the hash route chooses the page (DESIGN.md §2); `screen` is always `promotion`. */
export function PromotionApp(props: RemoteProps) {
  // A new address starts the page afresh (its calls and typed values belong to that page).
  const key = `${new URLSearchParams(props.query).toString()}#${props.hash}`
  return (
    <UiProvider locale={props.locale}>
      <div className="promo-app" lang="zh-CN">
        <PromotionPage key={key} {...props} />
      </div>
    </UiProvider>
  )
}

function PromotionPage(props: RemoteProps) {
  const { query, hash } = props
  const { page, params } = useMemo(() => readPromoLocation(query, hash), [query, hash])
  switch (page) {
    case 'download':
      return <DownloadScreen {...props} params={params} />
    case 'agreement':
      return <AgreementScreen productName={props.settings.name} />
    default:
      return <RegisterScreen {...props} params={params} />
  }
}
