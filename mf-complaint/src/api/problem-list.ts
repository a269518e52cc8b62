import type { CallOptions, Http } from 'shared/http'
import { asArray, asRecord, asText, toApiResult, type ApiResult } from './validate'

export const PROBLEM_LIST_PATH = '/user-problem/problem-list'

export interface ComplaintItem {
  id: string
  /** Unix seconds or milliseconds (as digits), or a date text the server already formatted. */
  time: string
  type: string
  content: string
}

export interface ComplaintTab {
  /** '' when the server sent none; the screen names it. */
  title: string
  items: ComplaintItem[]
}

function parseItem(value: unknown): ComplaintItem[] {
  const record = asRecord(value)
  if (!record) return []
  return [
    {
      id: asText(record.id),
      time: asText(record.time),
      type: asText(record.type),
      content: asText(record.content),
    },
  ]
}

/** `data.tabs`; a malformed tab or item is skipped, a malformed list is no tabs. */
export function parseProblemList(data: unknown): ComplaintTab[] {
  return asArray(asRecord(data)?.tabs).flatMap((value) => {
    const tab = asRecord(value)
    if (!tab) return []
    return [{ title: asText(tab.title), items: asArray(tab.items).flatMap(parseItem) }]
  })
}

/** The borrower's complaints, grouped in the server's tabs. */
export async function getProblemList(http: Http): Promise<ApiResult<ComplaintTab[]>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(PROBLEM_LIST_PATH, {}, options)
  return toApiResult(result, options, parseProblemList)
}
