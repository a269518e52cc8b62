import { useCallback, useEffect } from 'react'
import type { Http } from 'shared/http'
import type { ApiResult } from 'shared/schema'
import { showToast } from 'shared/ui'
import { useLoad } from 'shared/ui/use-load'
import { getTemplate, NO_TEMPLATE, type Template, type TemplateConfig } from '../api/promotion'
import { MESSAGES } from '../content/messages'
import { onColour } from './colour'

/** What a page shows before its template has come, or without one. */
export const NO_CONFIG: TemplateConfig = NO_TEMPLATE.config

const NO_ID: ApiResult<Template> = { ok: true, data: NO_TEMPLATE }

/**
 * The channel template's display configuration (`id` from the page). The page is usable before it comes and
 * without it: a failure shows the server's message (or 'error', or our Chinese default) and the page keeps its
 * plain look.
 */
export function useTemplate(http: Http, templateId: string): { config: TemplateConfig; loaded: boolean } {
  const load = useCallback(
    () => (templateId ? getTemplate(http, templateId) : Promise.resolve(NO_ID)),
    [http, templateId],
  )
  const { state } = useLoad(load)
  const failed = state.status === 'error' ? state.message : null
  useEffect(() => {
    if (failed !== null) showToast(failed)
  }, [failed])
  return {
    config: state.status === 'ready' ? state.data.config : NO_CONFIG,
    loaded: state.status !== 'loading',
  }
}

/** The landing's banner: the template's title and subtitle on its colour. */
export function TemplateHeader({ config }: { config: TemplateConfig }) {
  return (
    <header className="promo-header" style={onColour(config.backgroundColor)}>
      <h1 className="promo-header__title">{config.title || MESSAGES.title}</h1>
      <p className="promo-header__subtitle">{config.subtitle}</p>
    </header>
  )
}
