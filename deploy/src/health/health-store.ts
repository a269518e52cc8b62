import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { HealthReport } from 'shared/health'
import { DEPLOY_DIR } from '../paths'
import { wholeNumberSetting } from '../settings'
import type { Evidence } from './evidence'
import type { FirstLoad, LoadBaseline, SeriesPoint, StoreItem, StoreLimits, VersionHealth } from './health-db'
import type { FromWorker, Questions, ToWorker, WorkerSetup } from './health-worker'

/**
 * The embedded store of health reports (ADR 0042), as the server's request thread sees it. A worker thread
 * owns the SQLite file (`health-worker.ts`); this side only queues: `enqueue` and `reject` return at once
 * and never fail, batches leave every BATCH_MS or BATCH_MAX items (one transaction each), and every read is
 * a promise the worker answers. So neither a slow disk nor a large read holds up a borrower's request.
 */
export const BATCH_MS = 50
export const BATCH_MAX = 500
/** Items posted and not yet written past which new ones are dropped (and counted): memory stays bounded. */
export const QUEUE_MAX = 20_000

export const DEFAULT_LIMITS: StoreLimits = { maxBytes: 512 * 1024 * 1024, maxVersionsPerRemote: 20 }

/**
 * `HEALTH_MAX_MB` (the file's size, default 512) and `HEALTH_MAX_VERSIONS_PER_REMOTE` (default 20) over the
 * defaults; anything but a whole number from 1 up stops the server, named.
 */
export function healthStoreLimits(env: NodeJS.ProcessEnv = process.env): StoreLimits {
  const megabytes = DEFAULT_LIMITS.maxBytes / 1024 / 1024
  return {
    maxBytes: wholeNumberSetting(env, 'HEALTH_MAX_MB', megabytes, 1, 'megabytes') * 1024 * 1024,
    maxVersionsPerRemote: wholeNumberSetting(
      env,
      'HEALTH_MAX_VERSIONS_PER_REMOTE',
      DEFAULT_LIMITS.maxVersionsPerRemote,
      1,
      'versions',
    ),
  }
}

/**
 * The store's file: `HEALTH_DB` when set, else one per server port under `deploy/.health/` (two servers on
 * one machine, such as the e2e suite's, never share a file).
 */
export function healthStoreFile(port: number, env: NodeJS.ProcessEnv = process.env): string {
  return env.HEALTH_DB?.trim() || join(DEPLOY_DIR, '.health', `health-${port}.db`)
}

export interface HealthStoreOptions {
  /** The clock reports are stamped with and trimming runs on (tests move it). */
  now?: () => number
  /** A reader beside a running server (`pnpm remotes`, `pnpm release --watch`): the file must exist. */
  readOnly?: boolean
  limits?: StoreLimits
}

const WORKER = new URL('./health-worker-entry.mjs', import.meta.url)

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }
/** What to do once the worker has kept a report; one entry per item of a posted batch. */
type OnKept = (() => void) | undefined

export class HealthStore {
  private readonly worker: Worker
  private readonly now: () => number
  private readonly readOnly: boolean
  private batch: StoreItem[] = []
  private timer: NodeJS.Timeout | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 0
  private posted = 0
  /** Per batch posted and not yet written, in order: each item's `onKept`. */
  private readonly inFlight: OnKept[][] = []
  private keptCallbacks: OnKept[] = []
  private stopped: Error | null = null
  private readonly exited: Promise<void>
  /** Reports and refusals not stored: the queue was full, the worker had stopped, or a write failed. */
  dropped = 0

  constructor(
    readonly file: string,
    options: HealthStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now
    this.readOnly = options.readOnly ?? false
    if (!this.readOnly) mkdirSync(dirname(file), { recursive: true })
    const setup: WorkerSetup = {
      file,
      readOnly: this.readOnly,
      limits: options.limits ?? DEFAULT_LIMITS,
      now: this.now(),
    }
    this.worker = new Worker(WORKER, { workerData: setup })
    this.worker.on('message', (message: FromWorker) => this.receive(message))
    this.worker.on('error', (error) => this.stop(error))
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.stop(new Error('the health store was closed'))
        resolve()
      }),
    )
    this.hold()
  }

  /**
   * Queues a checked report of the page load `evidence` names; never waits, never throws. `onKept` runs once
   * the worker has written it, unless the store did not keep it (ADR 0040: its page load had its four
   * reports) or could not write it.
   */
  enqueue(report: HealthReport, evidence: Evidence, onKept?: () => void): void {
    this.queue({ kind: 'report', at: this.now(), report, evidence }, onKept)
  }

  /** Counts a report refused as malformed (its reason, never its body); never waits, never throws. */
  reject(reason: string): void {
    this.queue({ kind: 'reject', at: this.now(), reason })
  }

  /** Per remote version, what borrowers got since `since` (ms since the epoch). */
  versions(since: number): Promise<VersionHealth[]> {
    return this.ask('versions', since)
  }

  /** Per remote version and time bucket (`bucketMs`, whole minutes) since `since`: the ops page's charts. */
  series(since: number, bucketMs: number): Promise<SeriesPoint[]> {
    return this.ask('series', since, bucketMs)
  }

  /** The first counted load of each client of `version` since `since`, oldest first, at most `limit`. */
  firstLoads(remote: string, version: string, since: number, limit: number): Promise<FirstLoad[]> {
    return this.ask('firstLoads', remote, version, since, limit)
  }

  /** `version`'s counted loads in [`since`, `until`), each client once, and how many were `network`. */
  baseline(remote: string, version: string, since: number, until: number): Promise<LoadBaseline> {
    return this.ask('baseline', remote, version, since, until)
  }

  rejectedSince(since: number): Promise<number> {
    return this.ask('rejectedSince', since)
  }

  /** Resolves once everything queued so far is written and the store is back within its limits. */
  async flush(): Promise<void> {
    await this.ask('flush')
  }

  /** Writes what is queued, then lets the worker close the file. */
  async close(): Promise<void> {
    if (!this.stopped) {
      this.post()
      this.worker.postMessage({ type: 'close' } satisfies ToWorker)
      this.worker.ref()
    }
    await this.exited
  }

  private queue(item: StoreItem, onKept?: () => void): void {
    if (this.readOnly || this.stopped || this.posted + this.batch.length >= QUEUE_MAX) {
      this.dropped += 1
      return
    }
    this.batch.push(item)
    this.keptCallbacks.push(onKept)
    if (this.batch.length >= BATCH_MAX) this.post()
    else this.timer ??= setTimeout(() => this.post(), BATCH_MS)
    this.hold()
  }

  private post(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!this.batch.length || this.stopped) return
    const items = this.batch
    this.batch = []
    this.inFlight.push(this.keptCallbacks)
    this.keptCallbacks = []
    this.posted += items.length
    this.worker.postMessage({ type: 'write', items, now: this.now() } satisfies ToWorker)
  }

  private ask<K extends keyof Questions, T>(name: K, ...args: Questions[K]): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    // A question sees everything queued before it.
    this.post()
    const id = ++this.nextId
    const answer = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    )
    this.worker.postMessage({ type: 'ask', id, name, args } satisfies ToWorker)
    this.hold()
    return answer
  }

  private receive(message: FromWorker): void {
    if (message.type === 'written') {
      this.posted -= message.count
      if (message.failed) this.dropped += message.count
      // The worker answers batches in the order they were posted.
      const callbacks = this.inFlight.shift() ?? []
      for (const index of message.kept) {
        try {
          callbacks[index]?.()
        } catch (error) {
          console.error('[health] after a kept report:', error instanceof Error ? error.message : error)
        }
      }
    } else {
      const waiting = this.pending.get(message.id)
      this.pending.delete(message.id)
      if (message.error !== undefined) waiting?.reject(new Error(message.error))
      else waiting?.resolve(message.value)
    }
    this.hold()
  }

  /** The worker keeps the process alive only while something is asked or queued of it. */
  private hold(): void {
    if (this.pending.size || this.posted || this.batch.length) this.worker.ref()
    else this.worker.unref()
  }

  private stop(error: Error): void {
    if (this.stopped) return
    this.stopped = error
    if (this.timer) clearTimeout(this.timer)
    this.dropped += this.batch.length + this.posted
    this.batch = []
    this.keptCallbacks = []
    this.inFlight.length = 0
    this.posted = 0
    if (!/was closed/.test(error.message)) console.error('[health] the store stopped:', error.message)
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
  }
}
