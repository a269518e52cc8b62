import { parentPort, workerData } from 'node:worker_threads'
import { HealthDb, type StoreItem, type StoreLimits } from './health-db'

/**
 * The thread that owns the health store's file (ADR 0042): the server's request thread only posts batches
 * and questions here, so nothing it does waits for the disk. Messages are handled in the order they came,
 * so a question sees every batch posted before it; trimming runs a short transaction at a time between them.
 */
export interface WorkerSetup {
  file: string
  readOnly: boolean
  limits: StoreLimits
  now: number
}

/** The store's reads a question may name, with their arguments. */
export interface Questions {
  versions: [since: number]
  series: [since: number, bucketMs: number]
  firstLoads: [remote: string, version: string, since: number, limit: number]
  baseline: [remote: string, version: string, since: number, until: number]
  rejectedSince: [since: number]
  /** Answered once every batch before it is written and the store is within its limits. */
  flush: []
}

export type ToWorker =
  | { type: 'write'; items: StoreItem[]; now: number }
  | { type: 'ask'; id: number; name: keyof Questions; args: unknown[] }
  | { type: 'close' }

export type FromWorker =
  /** `kept`: the indexes of the batch's reports the store kept (none when the batch failed). */
  | { type: 'written'; count: number; failed: string | null; kept: number[] }
  | { type: 'answer'; id: number; value?: unknown; error?: string }

const setup = workerData as WorkerSetup
const port = parentPort!
const db = new HealthDb(setup.file, { readOnly: setup.readOnly })
let now = setup.now
let trimming = false
let closed = false
let waitingForTrim: number[] = []

const send = (message: FromWorker) => port.postMessage(message)

function trim(): void {
  if (closed) return
  let more = false
  try {
    more = db.trim(now, setup.limits)
  } catch (error) {
    console.error('[health] trimming the store failed:', error instanceof Error ? error.message : error)
  }
  if (more) {
    setImmediate(trim)
    return
  }
  trimming = false
  for (const id of waitingForTrim) send({ type: 'answer', id, value: null })
  waitingForTrim = []
}

function startTrim(): void {
  if (setup.readOnly || trimming) return
  trimming = true
  setImmediate(trim)
}

const reads: { [K in keyof Questions]: (...args: never[]) => unknown } = {
  versions: (since: number) => db.versions(since),
  series: (since: number, bucketMs: number) => db.series(since, bucketMs),
  firstLoads: (remote: string, version: string, since: number, limit: number) =>
    db.firstLoads(remote, version, since, limit),
  baseline: (remote: string, version: string, since: number, until: number) =>
    db.baseline(remote, version, since, until),
  rejectedSince: (since: number) => db.rejectedSince(since),
  flush: () => null,
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'write') {
    now = message.now
    let failed: string | null = null
    let kept: number[] = []
    try {
      kept = db.writeBatch(message.items).kept
    } catch (error) {
      failed = error instanceof Error ? error.message : String(error)
      console.error(`[health] ${message.items.length} reports could not be stored:`, failed)
    }
    send({ type: 'written', count: message.items.length, failed, kept })
    startTrim()
  } else if (message.type === 'ask') {
    if (message.name === 'flush' && trimming) {
      waitingForTrim.push(message.id)
      return
    }
    try {
      const read = reads[message.name] as (...args: unknown[]) => unknown
      send({ type: 'answer', id: message.id, value: read(...message.args) })
    } catch (error) {
      send({ type: 'answer', id: message.id, error: error instanceof Error ? error.message : String(error) })
    }
  } else {
    closed = true
    db.close()
    port.close()
  }
})

startTrim()
