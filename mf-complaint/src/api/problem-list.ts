import type { CallOptions, Http } from 'shared/http'
import { list, object, record, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'

export const PROBLEM_LIST_PATH = '/user-problem/problem-list'

const ComplaintItemSchema = object({
  id: text,
  /** Unix seconds or milliseconds (as digits), or a date text the server already formatted. */
  time: text,
  type: text,
  content: text,
})

const ComplaintTabSchema = object({
  /** '' when the server sent none; the screen names it. */
  title: text,
  items: list(ComplaintItemSchema),
})

/** `data.tabs`; a malformed tab or item is skipped, a malformed list is no tabs. */
const ProblemListSchema = v.pipe(
  record({ tabs: list(ComplaintTabSchema) }),
  v.transform(({ tabs }) => tabs),
)

export type ComplaintItem = v.InferOutput<typeof ComplaintItemSchema>
export type ComplaintTab = v.InferOutput<typeof ComplaintTabSchema>

/** The borrower's complaints, grouped in the server's tabs. */
export async function getProblemList(http: Http): Promise<ApiResult<ComplaintTab[]>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(PROBLEM_LIST_PATH, {}, options)
  return toApiResult(result, options, 'problem-list', ProblemListSchema)
}
