import { useCallback } from 'react'
import type { RemoteProps } from 'shared/contract'
import { formatDateTime } from 'shared/format'
import { getProblemList, type ComplaintItem, type ComplaintTab } from '../../api/problem-list'
import { MESSAGES } from '../../content/messages'
import { LoadError, LoadingBlock } from '../../components/screen-parts'
import { Tabs } from '../../components/tabs'
import { useLoad } from 'shared/ui/use-load'

const m = MESSAGES.list

/**
 * A complaint's time as date and time: unix seconds or milliseconds, an ISO date-time or the server's own
 * 'YYYY-MM-DD HH:mm:ss' all show the same way; a text that is no time is shown as given, a number that is
 * no time not at all.
 */
export function displayTime(time: string): string {
  return formatDateTime(time) || (/^\d+$/.test(time.trim()) ? '' : time)
}

export function tabTitle(tab: ComplaintTab, index: number): string {
  return tab.title || (index === 0 ? m.allTab : m.tab(index + 1))
}

/** My complaints: the server's tabs, each a list of complaints that open their detail. */
export function ComplaintListScreen(props: RemoteProps) {
  const { http } = props
  const load = useCallback(() => getProblemList(http), [http])
  const { state, retry } = useLoad(load)

  return (
    <main className="ui-page">
      <h1 className="complaint-title">{m.title}</h1>
      {state.status === 'loading' && <LoadingBlock minHeight={320} />}
      {state.status === 'error' && <LoadError message={state.message} onRetry={retry} />}
      {state.status === 'ready' && (
        <ComplaintTabs
          tabs={state.data.length > 0 ? state.data : [{ title: '', items: [] }]}
          onOpen={(id) => props.navigate(`/complainDetails?problemId=${encodeURIComponent(id)}`)}
        />
      )}
    </main>
  )
}

function ComplaintTabs({ tabs, onOpen }: { tabs: ComplaintTab[]; onOpen: (id: string) => void }) {
  return (
    <Tabs
      items={tabs.map((tab, index) => ({
        title: tabTitle(tab, index),
        content:
          tab.items.length === 0 ? (
            <p className="complaint-empty">{m.empty}</p>
          ) : (
            <ul className="complaint-list">
              {tab.items.map((item, itemIndex) => (
                <li key={`${itemIndex}-${item.id}`}>
                  <ComplaintRow item={item} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          ),
      }))}
    />
  )
}

function ComplaintRow({ item, onOpen }: { item: ComplaintItem; onOpen: (id: string) => void }) {
  const body = (
    <>
      <span className="complaint-list__time">{displayTime(item.time)}</span>
      <span className="complaint-list__type">
        <span className="complaint-list__type-label">{m.problemType}</span>{' '}
        <span className="complaint-list__type-value">{item.type}</span>
      </span>
      <span className="complaint-list__content">{item.content}</span>
    </>
  )
  // An item the server sent without an id has no detail to open.
  if (!item.id) return <div className="complaint-list__item">{body}</div>
  return (
    <button type="button" className="complaint-list__item" onClick={() => onOpen(item.id)}>
      {body}
    </button>
  )
}
