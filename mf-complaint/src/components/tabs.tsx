import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem {
  title: string
  content: ReactNode
}

/**
 * A tab list over one panel (WAI-ARIA tabs, automatic activation): tapping a tab shows its content; with the
 * keyboard the tab list is one stop, Left/Right (wrapping), Home and End choose a tab. Only the chosen tab's
 * content is rendered. Looks like antd-mobile's Tabs (stretched tabs, underline under the active title)
 * without its animation code.
 */
export function Tabs({ items, defaultIndex = 0 }: { items: readonly TabItem[]; defaultIndex?: number }) {
  const id = useId()
  const [chosen, setChosen] = useState(defaultIndex)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const active = Math.min(chosen, items.length - 1)
  const tabId = (index: number) => `${id}-tab-${index}`
  const panelId = `${id}-panel`

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1
    const next = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    setChosen(next)
    tabs.current[next]?.focus()
  }

  return (
    <div className="complaint-tabs">
      <div className="complaint-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={index}
            ref={(node) => {
              tabs.current[index] = node
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            className="complaint-tabs__tab"
            aria-selected={index === active}
            aria-controls={index === active ? panelId : undefined}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setChosen(index)}
          >
            <span className="complaint-tabs__title">{item.title}</span>
          </button>
        ))}
      </div>
      <div
        key={active}
        className="complaint-tabs__panel"
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(active)}
      >
        {items[active]?.content}
      </div>
    </div>
  )
}
