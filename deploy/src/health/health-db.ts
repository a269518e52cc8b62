import { existsSync, rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { VITALS, type EngineName, type HealthReport, type RemoteOutcome, type VitalName } from 'shared/health'
import type { Evidence } from './evidence'
import { loadClass } from './load-class'

/**
 * The health store's SQLite file (ADR 0042), as one connection sees it: the schema, the write of a batch in
 * one transaction, the reads ops and the release watch make, and the caps. Only the store's worker
 * (`health-worker.ts`) writes; readers in other processes open the file read-only (WAL: they never block it).
 *
 * One row per page load (`loads`, ADR 0040), counted once, from its first report that carries the outcome of
 * its route's remote; vitals, errors and failed calls keyed by their load; and rollups kept in the same
 * transaction (loads per outcome, errors, and vitals as histograms, per remote, version and minute) so that
 * summaries read aggregates, not rows. Every load and rollup names the page's engine class (ADR 0047), and
 * the loads whose engine cannot report a vital are counted apart from those that reported it.
 */
export const SCHEMA_VERSION = 5
/**
 * The engine of a load whose page named none: a page served before engines were reported, and every load a
 * schema-4 file held when it was upgraded.
 */
export const UNKNOWN_ENGINE = 'unknown'
export type StoredEngine = EngineName | typeof UNKNOWN_ENGINE
/** The most reports one page load keeps (ADR 0040): its load, then vitals and errors while it is open. */
export const PAGE_LOAD_REPORTS = 4
/** Loads and rollups older than this are deleted. */
export const HEALTH_RETENTION_DAYS = 30
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
/** Rows deleted per transaction while trimming: the worker answers queries between two. */
const TRIM_CHUNK = 2_000
/** Histogram buckets are 5% wide (log scale): a percentile read from them is within 2.5% of the value. */
const BUCKET_BASE = Math.log(1.05)
/** The bucket of a vital of 0 (CLS mostly), which no logarithm reaches. */
const ZERO_BUCKET = -100_000
const FAILURES = new Set(['retry-screen', 'contract-refused', 'mount-timeout'])

export type StoreItem =
  | { kind: 'report'; at: number; report: HealthReport; evidence: Evidence }
  | { kind: 'reject'; at: number; reason: string }

export interface StoreLimits {
  /** The file's pages in use, in bytes: past it the oldest data goes first. */
  maxBytes: number
  /** Versions kept per remote: past it the versions loaded longest ago go, with all their data. */
  maxVersionsPerRemote: number
}

/** One vital over a window: the loads that reported it, and those whose engine cannot (never a good value). */
export interface VitalHealth {
  /** The 75th percentile over the loads that reported it (each load once, its first value); null without one. */
  p75: number | null
  /** Loads that reported it. */
  loads: number
  /** Loads whose engine said it cannot report it: counted here, never in `p75`. */
  unreported: number
}

/** What borrowers got over a window, for a version or one engine's loads of it. */
export interface LoadHealth {
  /** Page loads that wanted this version on screen (every outcome, fallbacks from it included). */
  loads: number
  mounted: number
  /** Loads where this version failed and the previous one was shown instead. */
  fallbacks: number
  /** Loads of this version that ended on the retry screen, a refused contract or a mount timeout. */
  failures: number
  errors: number
  vitals: Record<VitalName, VitalHealth>
}

/** One engine's share of a version's loads. */
export interface EngineHealth extends LoadHealth {
  engine: StoredEngine
}

/** What ops read per remote version over a window (`pnpm remotes`, the ops page): all loads, then per engine. */
export interface VersionHealth extends LoadHealth {
  remote: string
  version: string
  /** Most loads first. */
  engines: EngineHealth[]
}

/** One remote version's counts in one time bucket (`series`). */
export interface SeriesPoint {
  remote: string
  version: string
  /** The bucket's start, ms since the epoch. */
  t: number
  loads: number
  mounted: number
  fallbacks: number
  errors: number
}

/** A client's first counted load of a version (`firstLoads`). */
export interface FirstLoad {
  at: number
  client: string
  outcome: RemoteOutcome
  reason: string | null
  /** For a fallback: the version that failed (the one this load counts for). */
  from: string | null
}

/** A version's counted loads over a span, each client's first only, and how many a file never reached. */
export interface LoadBaseline {
  loads: number
  network: number
}

const noVitals = () =>
  Object.fromEntries(VITALS.map((name) => [name, { p75: null, loads: 0, unreported: 0 }])) as Record<
    VitalName,
    VitalHealth
  >
const noLoadHealth = (): LoadHealth => ({
  loads: 0,
  mounted: 0,
  fallbacks: 0,
  failures: 0,
  errors: 0,
  vitals: noVitals(),
})

/** A version no borrower has loaded yet: the counts every summary starts from. */
export function noLoads(remote: string, version: string): VersionHealth {
  return { remote, version, ...noLoadHealth(), engines: [] }
}

const minuteOf = (at: number) => Math.floor(at / MINUTE_MS)
const hourOf = (minute: number) => Math.floor(minute / 60)
const bucketOf = (value: number) => (value > 0 ? Math.floor(Math.log(value) / BUCKET_BASE) : ZERO_BUCKET)
/** A bucket's value: the middle of its range on the log scale. */
const valueOf = (bucket: number) => (bucket === ZERO_BUCKET ? 0 : Math.exp((bucket + 0.5) * BUCKET_BASE))

/** The rollups schema 4 had, now with the engine in their key (the migration copies them). */
const ROLLUPS = `
CREATE TABLE IF NOT EXISTS load_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, minute INTEGER NOT NULL, engine TEXT NOT NULL, outcome TEXT NOT NULL,
  n INTEGER NOT NULL, PRIMARY KEY (remote, version, minute, engine, outcome)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS error_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, minute INTEGER NOT NULL, engine TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, minute, engine)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS vital_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, name TEXT NOT NULL, minute INTEGER NOT NULL, engine TEXT NOT NULL,
  bucket INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, name, minute, engine, bucket)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS vital_hours (
  remote TEXT NOT NULL, version TEXT NOT NULL, name TEXT NOT NULL, hour INTEGER NOT NULL, engine TEXT NOT NULL,
  bucket INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, name, hour, engine, bucket)) WITHOUT ROWID;`
/** Each rollup's columns in schema 4, in the order `ROLLUPS` puts them with the engine. */
const ROLLUP_COLUMNS_4 = {
  load_minutes: ['remote, version, minute, outcome, n', 'remote, version, minute, engine, outcome, n'],
  error_minutes: ['remote, version, minute, n', 'remote, version, minute, engine, n'],
  vital_minutes: [
    'remote, version, name, minute, bucket, n',
    'remote, version, name, minute, engine, bucket, n',
  ],
  vital_hours: ['remote, version, name, hour, bucket, n', 'remote, version, name, hour, engine, bucket, n'],
} as const

const SCHEMA = `
CREATE TABLE IF NOT EXISTS loads (
  id INTEGER PRIMARY KEY, load_id TEXT NOT NULL UNIQUE, at INTEGER NOT NULL, issued INTEGER NOT NULL,
  reports INTEGER NOT NULL,
  remote TEXT, version TEXT, shown TEXT, client TEXT, class TEXT, outcome TEXT, reason TEXT,
  engine TEXT NOT NULL DEFAULT '${UNKNOWN_ENGINE}', engine_major INTEGER, unreported TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS loads_by_version ON loads (remote, version, at, id);
CREATE INDEX IF NOT EXISTS loads_by_client ON loads (remote, version, client, at, class);
CREATE TABLE IF NOT EXISTS vitals (load INTEGER NOT NULL, name TEXT NOT NULL, value REAL NOT NULL);
CREATE INDEX IF NOT EXISTS vitals_by_load ON vitals (load);
CREATE TABLE IF NOT EXISTS errors (
  load INTEGER NOT NULL, at INTEGER NOT NULL, remote TEXT NOT NULL, version TEXT NOT NULL,
  kind TEXT NOT NULL, message TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS errors_by_load ON errors (load);
CREATE INDEX IF NOT EXISTS errors_by_version ON errors (remote, version, at);
CREATE TABLE IF NOT EXISTS call_failures (
  load INTEGER NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS call_failures_by_load ON call_failures (load);
CREATE TABLE IF NOT EXISTS versions (
  remote TEXT NOT NULL, version TEXT NOT NULL, first_at INTEGER NOT NULL, last_at INTEGER NOT NULL,
  PRIMARY KEY (remote, version)) WITHOUT ROWID;
${ROLLUPS}
CREATE TABLE IF NOT EXISTS unreported_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, minute INTEGER NOT NULL, engine TEXT NOT NULL, name TEXT NOT NULL,
  n INTEGER NOT NULL, PRIMARY KEY (remote, version, minute, engine, name)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rejected (
  minute INTEGER NOT NULL, reason TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (minute, reason)) WITHOUT ROWID;
`

/**
 * The reads, by name: `plans()` explains each as it is run, and a test holds them to their indexes. The
 * joins name `versions` first (CROSS JOIN keeps that order): a few dozen rows, each a range of a rollup's key.
 */
export const QUERIES = {
  versionLoads: `SELECT m.remote, m.version, m.engine, m.outcome, SUM(m.n) AS n
    FROM versions v CROSS JOIN load_minutes m
      ON m.remote = v.remote AND m.version = v.version AND m.minute >= ?
    GROUP BY m.remote, m.version, m.engine, m.outcome`,
  versionErrors: `SELECT m.remote, m.version, m.engine, SUM(m.n) AS n
    FROM versions v CROSS JOIN error_minutes m
      ON m.remote = v.remote AND m.version = v.version AND m.minute >= ?
    GROUP BY m.remote, m.version, m.engine`,
  // Whole hours from the hourly histograms, the minutes before the first whole hour from the minutes'.
  versionVitals: `SELECT remote, version, name, engine, bucket, SUM(n) AS n FROM (
      SELECT h.remote, h.version, h.name, h.engine, h.bucket, h.n FROM versions v CROSS JOIN vital_minutes h
        ON h.remote = v.remote AND h.version = v.version AND h.name IN ('LCP', 'INP', 'CLS')
        AND h.minute >= ? AND h.minute < ?
      UNION ALL
      SELECT h.remote, h.version, h.name, h.engine, h.bucket, h.n FROM versions v CROSS JOIN vital_hours h
        ON h.remote = v.remote AND h.version = v.version AND h.name IN ('LCP', 'INP', 'CLS') AND h.hour >= ?)
    GROUP BY remote, version, name, engine, bucket`,
  versionUnreported: `SELECT u.remote, u.version, u.engine, u.name, SUM(u.n) AS n
    FROM versions v CROSS JOIN unreported_minutes u
      ON u.remote = v.remote AND u.version = v.version AND u.minute >= ?
    GROUP BY u.remote, u.version, u.engine, u.name`,
  seriesLoads: `SELECT m.remote, m.version, m.minute / CAST(? AS INTEGER) AS slot, m.outcome, SUM(m.n) AS n
    FROM versions v CROSS JOIN load_minutes m
      ON m.remote = v.remote AND m.version = v.version AND m.minute >= ?
    GROUP BY m.remote, m.version, slot, m.outcome`,
  seriesErrors: `SELECT m.remote, m.version, m.minute / CAST(? AS INTEGER) AS slot, SUM(m.n) AS n
    FROM versions v CROSS JOIN error_minutes m
      ON m.remote = v.remote AND m.version = v.version AND m.minute >= ?
    GROUP BY m.remote, m.version, slot`,
  // A page sent before `since` (the release) is no load of it: tokens gathered earlier cannot be spent on it.
  // Tokens carry whole seconds, so the release's own second counts.
  firstLoads: `SELECT at, client, outcome, reason, version FROM loads
    WHERE remote = ? AND version = ? AND at >= ? AND issued >= ? ORDER BY at, id`,
  // In client order each client is one group, whose earliest load's class SQLite reports with MIN(at): the
  // covering index answers it without a sort or a read of the table (the planner, knowing no row counts,
  // would rather sort the time range's rows, each read from the table).
  baseline: `SELECT COUNT(class) AS loads, COALESCE(SUM(class = 'network'), 0) AS network FROM (
      SELECT class, MIN(at) FROM loads INDEXED BY loads_by_client
      WHERE remote = ? AND version = ? AND at >= ? AND at < ? GROUP BY client)`,
  rejectedSince: `SELECT COALESCE(SUM(n), 0) AS n FROM rejected WHERE minute >= ?`,
} as const
export type QueryName = keyof typeof QUERIES

type Row = Record<string, string | number | null>
interface LoadRow {
  id: number
  reports: number
  remote: string | null
  version: string | null
  shown: string | null
  engine: StoredEngine
  unreported: string
}

export class HealthDb {
  private readonly db: Database.Database
  private readonly read: { [K in QueryName]: Database.Statement }
  private write: ReturnType<HealthDb['writeStatements']> | null = null
  /** The cutoff the last trim reached (retention, or the size cap's oldest-first). */
  private trimmedTo = 0
  private lastRetention = 0

  /**
   * The writer (the server's worker) creates the file, upgrades a first-schema one (its rows had no page
   * load to count, so they go) and sets WAL; `readOnly` opens an existing file beside it (`pnpm remotes`).
   */
  constructor(
    readonly file: string,
    options: { readOnly?: boolean } = {},
  ) {
    if (options.readOnly) {
      if (!existsSync(file)) throw new Error(`${file}: no health store there yet`)
      this.db = new Database(file, { readonly: true, fileMustExist: true, timeout: 1000 })
      const version = Number(this.db.pragma('user_version', { simple: true }))
      if (version !== SCHEMA_VERSION) {
        this.db.close()
        throw new Error(
          `${file} is a health store of another version (${version}, this one reads ${SCHEMA_VERSION}); the server upgrades it when it starts`,
        )
      }
    } else {
      // The first engine locked the file with a `<file>.lock` folder; this one has no lock files at all.
      rmSync(`${file}.lock`, { recursive: true, force: true })
      this.db = new Database(file, { timeout: 2000 })
      this.db.pragma('journal_mode = WAL')
      this.db.pragma('synchronous = NORMAL')
      // After a burst the WAL file is cut back to this once checkpointed, so disk use stays near the data's.
      this.db.pragma('journal_size_limit = 67108864')
      this.migrate()
    }
    this.db.pragma('cache_size = -131072')
    this.read = Object.fromEntries(
      Object.entries(QUERIES).map(([name, sql]) => [name, this.db.prepare(sql)]),
    ) as HealthDb['read']
  }

  private migrate(): void {
    const version = Number(this.db.pragma('user_version', { simple: true }))
    if (version === SCHEMA_VERSION) return
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `${this.file} is a health store of a later version (${version}); this one writes ${SCHEMA_VERSION}`,
      )
    }
    this.db.transaction(() => {
      if (version === 4) {
        // Schema 4's loads and rollups count by today's rules, without an engine: they are kept, as
        // `unknown`'s, and its rollups are copied into tables keyed by the engine too.
        this.db.exec(`ALTER TABLE loads ADD COLUMN engine TEXT NOT NULL DEFAULT '${UNKNOWN_ENGINE}';
          ALTER TABLE loads ADD COLUMN engine_major INTEGER;
          ALTER TABLE loads ADD COLUMN unreported TEXT NOT NULL DEFAULT '';`)
        for (const table of Object.keys(ROLLUP_COLUMNS_4))
          this.db.exec(`ALTER TABLE ${table} RENAME TO ${table}_4`)
      } else {
        // An earlier schema's rows were counted by other rules (the first store's had no page load at all),
        // so they go: the file holds the store alone.
        const tables = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[]
        for (const { name } of tables) this.db.exec(`DROP TABLE IF EXISTS "${String(name)}"`)
      }
      this.db.exec(SCHEMA)
      if (version === 4) {
        for (const [table, [before, after]] of Object.entries(ROLLUP_COLUMNS_4)) {
          const engine = before.replace(/(minute|hour), /, `$1, '${UNKNOWN_ENGINE}', `)
          this.db.exec(
            `INSERT INTO ${table} (${after}) SELECT ${engine} FROM ${table}_4; DROP TABLE ${table}_4`,
          )
        }
      }
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`)
    })()
  }

  private writeStatements() {
    const s = (sql: string) => this.db.prepare(sql)
    return {
      load: s('SELECT id, reports, remote, version, shown, engine, unreported FROM loads WHERE load_id = ?'),
      insertLoad: s(
        `INSERT INTO loads (load_id, at, issued, reports, engine, engine_major, unreported,
           remote, version, shown, client, class, outcome, reason)
         VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      nextReport: s('UPDATE loads SET reports = reports + 1 WHERE id = ?'),
      // A load whose earlier reports (a page hidden before its remote settled) carried no outcome of its own.
      countLater: s(
        `UPDATE loads SET reports = reports + 1, remote = ?, version = ?, shown = ?, client = ?, class = ?,
           outcome = ?, reason = ? WHERE id = ?`,
      ),
      newVersion: s(
        'INSERT OR IGNORE INTO versions (remote, version, first_at, last_at) VALUES (?, ?, ?, ?)',
      ),
      seenVersion: s('UPDATE versions SET last_at = ? WHERE remote = ? AND version = ? AND last_at < ?'),
      countLoad: s(
        `INSERT INTO load_minutes (remote, version, minute, engine, outcome, n) VALUES (?, ?, ?, ?, ?, 1)
         ON CONFLICT DO UPDATE SET n = n + 1`,
      ),
      countUnreported: s(
        `INSERT INTO unreported_minutes (remote, version, minute, engine, name, n) VALUES (?, ?, ?, ?, ?, 1)
         ON CONFLICT DO UPDATE SET n = n + 1`,
      ),
      vitalSeen: s('SELECT 1 FROM vitals WHERE load = ? AND name = ? LIMIT 1'),
      vital: s('INSERT INTO vitals (load, name, value) VALUES (?, ?, ?)'),
      countVital: s(
        `INSERT INTO vital_minutes (remote, version, name, minute, engine, bucket, n) VALUES (?, ?, ?, ?, ?, ?, 1)
         ON CONFLICT DO UPDATE SET n = n + 1`,
      ),
      countVitalHour: s(
        `INSERT INTO vital_hours (remote, version, name, hour, engine, bucket, n) VALUES (?, ?, ?, ?, ?, ?, 1)
         ON CONFLICT DO UPDATE SET n = n + 1`,
      ),
      error: s('INSERT INTO errors (load, at, remote, version, kind, message) VALUES (?, ?, ?, ?, ?, ?)'),
      countError: s(
        `INSERT INTO error_minutes (remote, version, minute, engine, n) VALUES (?, ?, ?, ?, 1)
         ON CONFLICT DO UPDATE SET n = n + 1`,
      ),
      call: s('INSERT INTO call_failures (load, path, kind, count) VALUES (?, ?, ?, ?)'),
      reject: s(
        `INSERT INTO rejected (minute, reason, n) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1`,
      ),
    }
  }

  /**
   * Stores a batch in one transaction. Returns whether a version appeared that the store did not hold (the
   * version cap then has work), and the indexes of the batch's reports it kept: a page load keeps
   * PAGE_LOAD_REPORTS, and the ones past them are neither stored nor (by the collector) sent on.
   */
  writeBatch(items: readonly StoreItem[]): { newVersions: boolean; kept: number[] } {
    const w = (this.write ??= this.writeStatements())
    // Each version a batch names is written to `versions` once, when the batch ends, with its last time.
    const touched = new Map<string, { remote: string; version: string; at: number }>()
    const touch = (remote: string, version: string, at: number) =>
      touched.set(`${remote}\n${version}`, { remote, version, at })
    const kept: number[] = []
    // IMMEDIATE: the write lock is taken (or waited for) first, never after the batch has read a snapshot
    // another writer may have moved on from.
    return this.db
      .transaction(() => {
        for (const [index, item] of items.entries()) {
          if (item.kind === 'reject') {
            w.reject.run(minuteOf(item.at), item.reason.slice(0, 200))
            continue
          }
          const { at, report, evidence } = item
          const minute = minuteOf(at)
          let load = w.load.get(evidence.loadId) as LoadRow | undefined
          if (load && load.reports >= PAGE_LOAD_REPORTS) continue
          kept.push(index)
          // The first report of a page load that carries the outcome of the remote its route renders counts
          // the load, once; what else a report names (other remotes after in-app navigation) is no load.
          const own =
            !load?.remote && evidence.remote
              ? report.remotes.find((r) => r.remote === evidence.remote)
              : undefined
          const counted = own && { remote: own.remote, version: own.from ?? own.version, shown: own.version }
          const row = [
            counted?.remote ?? null,
            counted?.version ?? null,
            counted?.shown ?? null,
            counted ? evidence.client : null,
            own ? loadClass(own.outcome, own.reason) : null,
            own?.outcome ?? null,
            own?.reason ?? null,
          ]
          if (load) {
            // Its time stays the page load's first report's (loads keep the order of their ids).
            if (counted) w.countLater.run(...row, load.id)
            else w.nextReport.run(load.id)
            load = { ...load, ...counted }
          } else {
            // The engine of a page load is its first report's: every report of one page names the same.
            const engine: StoredEngine = report.engine?.name ?? UNKNOWN_ENGINE
            const unreported = report.engine?.unreported.join(',') ?? ''
            const id = Number(
              w.insertLoad.run(
                evidence.loadId,
                at,
                evidence.issuedAt,
                engine,
                report.engine?.major ?? null,
                unreported,
                ...row,
              ).lastInsertRowid,
            )
            load = {
              id,
              reports: 1,
              remote: null,
              version: null,
              shown: null,
              engine,
              unreported,
              ...counted,
            }
          }
          if (counted && own) {
            touch(counted.remote, counted.version, at)
            w.countLoad.run(counted.remote, counted.version, minute, load.engine, own.outcome)
            // Beside the load it is one of: a version's row says how many of its loads could not report it.
            for (const name of load.unreported ? load.unreported.split(',') : [])
              w.countUnreported.run(counted.remote, counted.version, minute, load.engine, name)
          }
          const { id, remote, version, shown, engine } = load
          if (!remote) continue
          // A counted load's reports speak for its remote and the versions it had on screen, nothing else.
          const ours = (entry: { remote: string; version: string }) =>
            entry.remote === remote && (entry.version === version || entry.version === shown)
          for (const vital of report.vitals.filter(ours)) {
            touch(remote, vital.version, at)
            // A percentile counts each load once (its first value), so its count is the loads that reported
            // it; a later value (CLS or INP when the page is hidden again) is kept with the load only.
            const first = !w.vitalSeen.get(id, vital.name)
            w.vital.run(id, vital.name, vital.value)
            if (!first) continue
            const bucket = bucketOf(vital.value)
            w.countVital.run(remote, vital.version, vital.name, minute, engine, bucket)
            w.countVitalHour.run(remote, vital.version, vital.name, hourOf(minute), engine, bucket)
          }
          for (const error of report.errors.filter(ours)) {
            touch(remote, error.version, at)
            w.error.run(id, at, remote, error.version, error.kind, error.message)
            w.countError.run(remote, error.version, minute, engine)
          }
          for (const call of report.calls) w.call.run(id, call.path, call.kind, call.count)
        }
        let newVersions = false
        for (const { remote, version, at } of touched.values()) {
          if (w.newVersion.run(remote, version, at, at).changes) newVersions = true
          else w.seenVersion.run(at, remote, version, at)
        }
        return { newVersions, kept }
      })
      .immediate()
  }

  /**
   * Per remote version, what borrowers got since `since` (ms since the epoch; whole minutes), all its loads
   * and each engine's. A vital's percentile is over the loads that reported it, never over those whose engine
   * cannot (counted apart, as `unreported`).
   */
  versions(since: number): VersionHealth[] {
    const from = minuteOf(since)
    const byKey = new Map<string, { all: VersionHealth; engines: Map<string, EngineHealth> }>()
    /** The version's and its engine's counts a row adds to; a row of a version no load named is none. */
    const entries = (row: Row, create = true): LoadHealth[] => {
      const key = `${row.remote}\n${row.version}`
      let found = byKey.get(key)
      if (!found && !create) return []
      if (!found) {
        found = { all: noLoads(String(row.remote), String(row.version)), engines: new Map() }
        byKey.set(key, found)
      }
      const engine = String(row.engine) as StoredEngine
      let share = found.engines.get(engine)
      if (!share) found.engines.set(engine, (share = { engine, ...noLoadHealth() }))
      return [found.all, share]
    }
    for (const row of this.read.versionLoads.all(from) as Row[]) {
      const n = Number(row.n)
      for (const e of entries(row)) {
        e.loads += n
        if (row.outcome === 'mounted') e.mounted += n
        else if (row.outcome === 'fallback') e.fallbacks += n
        else if (FAILURES.has(String(row.outcome))) e.failures += n
      }
    }
    for (const row of this.read.versionErrors.all(from) as Row[])
      for (const e of entries(row)) e.errors += Number(row.n)
    for (const row of this.read.versionUnreported.all(from) as Row[])
      for (const e of entries(row, false)) e.vitals[row.name as VitalName].unreported += Number(row.n)
    const histograms = new Map<LoadHealth, Map<VitalName, { bucket: number; n: number }[]>>()
    const hour = Math.ceil(from / 60)
    for (const row of this.read.versionVitals.all(from, hour * 60, hour) as Row[]) {
      for (const e of entries(row, false)) {
        const byName = histograms.get(e) ?? new Map<VitalName, { bucket: number; n: number }[]>()
        histograms.set(e, byName)
        const list = byName.get(row.name as VitalName) ?? []
        list.push({ bucket: Number(row.bucket), n: Number(row.n) })
        byName.set(row.name as VitalName, list)
      }
    }
    for (const [e, byName] of histograms) {
      for (const [name, histogram] of byName) {
        e.vitals[name].p75 = p75(histogram)
        e.vitals[name].loads = histogram.reduce((sum, h) => sum + h.n, 0)
      }
    }
    return [...byKey.values()]
      .map(({ all, engines }) => ({
        ...all,
        engines: [...engines.values()].sort((a, b) => b.loads - a.loads || a.engine.localeCompare(b.engine)),
      }))
      .sort((a, b) => a.remote.localeCompare(b.remote) || b.loads - a.loads)
  }

  /** Per remote version and time bucket since `since`: loads, mounts, fallbacks, errors (the ops charts). */
  series(since: number, bucketMs: number): SeriesPoint[] {
    if (bucketMs < MINUTE_MS || bucketMs % MINUTE_MS) throw new Error('series: buckets are whole minutes')
    const points = new Map<string, SeriesPoint>()
    const point = (row: Row) => {
      const t = Number(row.slot) * bucketMs
      const key = `${row.remote}\n${row.version}\n${t}`
      let found = points.get(key)
      if (!found) {
        found = {
          remote: String(row.remote),
          version: String(row.version),
          t,
          loads: 0,
          mounted: 0,
          fallbacks: 0,
          errors: 0,
        }
        points.set(key, found)
      }
      return found
    }
    const from = minuteOf(since)
    const minutes = bucketMs / MINUTE_MS
    for (const row of this.read.seriesLoads.all(minutes, from) as Row[]) {
      const p = point(row)
      const n = Number(row.n)
      p.loads += n
      if (row.outcome === 'mounted') p.mounted += n
      if (row.outcome === 'fallback') p.fallbacks += n
    }
    for (const row of this.read.seriesErrors.all(minutes, from) as Row[]) point(row).errors += Number(row.n)
    return [...points.values()].sort((a, b) => a.t - b.t)
  }

  /**
   * The first counted load of each client of `version` since `since`, in time order, at most `limit`: what
   * the release watch judges a new version on. It walks the version's loads in time order and stops there.
   */
  firstLoads(remote: string, version: string, since: number, limit: number): FirstLoad[] {
    const seen = new Set<string>()
    const loads: FirstLoad[] = []
    if (limit <= 0) return loads
    for (const row of this.read.firstLoads.iterate(
      remote,
      version,
      since,
      since - (since % 1000),
    ) as IterableIterator<Row>) {
      const client = String(row.client)
      if (seen.has(client)) continue
      seen.add(client)
      loads.push({
        at: Number(row.at),
        client,
        // Only reports that passed the schema's check are stored.
        outcome: String(row.outcome) as RemoteOutcome,
        reason: row.reason === null ? null : String(row.reason),
        from: row.outcome === 'fallback' ? String(row.version) : null,
      })
      if (loads.length >= limit) break
    }
    return loads
  }

  /**
   * `version`'s counted loads in [`since`, `until`), each client's first only (a load that is no load of
   * any version, `not-released`, is none), and how many of them a file never reached: the previous version's
   * network failure rate the release judge holds a new one to.
   */
  baseline(remote: string, version: string, since: number, until: number): LoadBaseline {
    const row = this.read.baseline.get(remote, version, since, until) as Row
    return { loads: Number(row.loads), network: Number(row.network) }
  }

  /** Reports refused as malformed since `since` (whole minutes). */
  rejectedSince(since: number): number {
    return Number((this.read.rejectedSince.get(minuteOf(since)) as Row).n)
  }

  /** How SQLite runs each read (`EXPLAIN QUERY PLAN`), by name: the index each one uses. */
  plans(): Record<QueryName, string[]> {
    const args: Record<QueryName, unknown[]> = {
      versionLoads: [0],
      versionErrors: [0],
      versionVitals: [0, 60, 1],
      versionUnreported: [0],
      seriesLoads: [15, 0],
      seriesErrors: [15, 0],
      firstLoads: ['r', 'v', 0, 0],
      baseline: ['r', 'v', 0, 1],
      rejectedSince: [0],
    }
    return Object.fromEntries(
      (Object.keys(QUERIES) as QueryName[]).map((name) => [
        name,
        (this.db.prepare(`EXPLAIN QUERY PLAN ${QUERIES[name]}`).all(...args[name]) as Row[]).map((row) =>
          String(row.detail),
        ),
      ]),
    ) as Record<QueryName, string[]>
  }

  /** Bytes of the file's pages in use (freed pages are reused before the file grows). */
  usedBytes(): number {
    const pages = Number(this.db.pragma('page_count', { simple: true }))
    const free = Number(this.db.pragma('freelist_count', { simple: true }))
    return (pages - free) * Number(this.db.pragma('page_size', { simple: true }))
  }

  /**
   * One step of keeping the store within its limits, oldest first: loads past the retention (checked
   * hourly), versions past the per-remote cap, then data past the size cap. Each step is one short
   * transaction; returns true while there is more to do, so the worker answers queries in between.
   */
  trim(now: number, limits: StoreLimits): boolean {
    if (now - this.lastRetention >= 3_600_000) {
      const done = this.dropBefore(now - HEALTH_RETENTION_DAYS * DAY_MS)
      if (done) this.lastRetention = now
      return !done || this.overVersionCap(limits) || this.usedBytes() > limits.maxBytes
    }
    const over = this.db
      .prepare(
        `SELECT remote, COUNT(*) - ? AS extra FROM versions GROUP BY remote HAVING COUNT(*) > ? LIMIT 1`,
      )
      .get(limits.maxVersionsPerRemote, limits.maxVersionsPerRemote) as Row | undefined
    if (over) {
      const oldest = this.db
        .prepare('SELECT version FROM versions WHERE remote = ? ORDER BY last_at, first_at LIMIT 1')
        .get(over.remote) as Row
      this.dropVersion(String(over.remote), String(oldest.version))
      return true
    }
    if (this.usedBytes() <= limits.maxBytes) return false
    const first = this.db.prepare('SELECT MIN(first_at) AS at FROM versions').get() as Row
    const load = this.db.prepare('SELECT at FROM loads ORDER BY id LIMIT 1').get() as Row | undefined
    const oldest = Math.min(Number(first.at ?? Infinity), Number(load?.at ?? Infinity))
    // Nothing older left to drop: the schema and the refusals' counts alone are over the cap.
    if (!Number.isFinite(oldest)) return false
    // An hour at a time from the oldest data: whole pages of old rows and rollups are freed for reuse.
    this.dropBefore(Math.max(oldest, this.trimmedTo) + 3_600_000)
    return true
  }

  private overVersionCap(limits: StoreLimits): boolean {
    return !!this.db
      .prepare('SELECT 1 FROM versions GROUP BY remote HAVING COUNT(*) > ? LIMIT 1')
      .get(limits.maxVersionsPerRemote)
  }

  /** Deletes up to TRIM_CHUNK loads older than `cutoff`, then (once none is left) rollups; true when done. */
  private dropBefore(cutoff: number): boolean {
    return this.db
      .transaction(() => {
        const ids: number[] = []
        for (const row of this.db
          .prepare('SELECT id, at FROM loads ORDER BY id')
          .iterate() as IterableIterator<Row>) {
          if (Number(row.at) >= cutoff || ids.length >= TRIM_CHUNK) break
          ids.push(Number(row.id))
        }
        this.deleteLoads(ids)
        if (ids.length >= TRIM_CHUNK) return false
        const minute = minuteOf(cutoff)
        for (const v of this.db
          .prepare('SELECT remote, version FROM versions WHERE first_at < ?')
          .all(cutoff) as Row[]) {
          for (const table of ['load_minutes', 'error_minutes', 'unreported_minutes']) {
            this.db
              .prepare(`DELETE FROM ${table} WHERE remote = ? AND version = ? AND minute < ?`)
              .run(v.remote, v.version, minute)
          }
          this.db
            .prepare(
              `DELETE FROM vital_minutes WHERE remote = ? AND version = ? AND name IN ('LCP', 'INP', 'CLS') AND minute < ?`,
            )
            .run(v.remote, v.version, minute)
          this.db
            .prepare(
              `DELETE FROM vital_hours WHERE remote = ? AND version = ? AND name IN ('LCP', 'INP', 'CLS') AND hour < ?`,
            )
            .run(v.remote, v.version, hourOf(minute))
        }
        this.db.prepare('DELETE FROM versions WHERE last_at < ?').run(cutoff)
        this.db.prepare('UPDATE versions SET first_at = ? WHERE first_at < ?').run(cutoff, cutoff)
        this.db.prepare('DELETE FROM rejected WHERE minute < ?').run(minute)
        this.trimmedTo = Math.max(this.trimmedTo, cutoff)
        return true
      })
      .immediate()
  }

  /** Deletes a version's loads a chunk at a time, then its rollups and its row. */
  private dropVersion(remote: string, version: string): void {
    this.db
      .transaction(() => {
        const ids = (
          this.db
            .prepare('SELECT id FROM loads WHERE remote = ? AND version = ? LIMIT ?')
            .all(remote, version, TRIM_CHUNK) as Row[]
        ).map((row) => Number(row.id))
        this.deleteLoads(ids)
        if (ids.length >= TRIM_CHUNK) return
        for (const table of [
          'load_minutes',
          'error_minutes',
          'vital_minutes',
          'vital_hours',
          'unreported_minutes',
          'errors',
          'versions',
        ]) {
          this.db.prepare(`DELETE FROM ${table} WHERE remote = ? AND version = ?`).run(remote, version)
        }
      })
      .immediate()
  }

  private deleteLoads(ids: number[]): void {
    if (!ids.length) return
    const list = JSON.stringify(ids)
    for (const [table, key] of [
      ['vitals', 'load'],
      ['errors', 'load'],
      ['call_failures', 'load'],
      ['loads', 'id'],
    ]) {
      this.db.prepare(`DELETE FROM ${table} WHERE ${key} IN (SELECT value FROM json_each(?))`).run(list)
    }
  }

  close(): void {
    this.db.close()
  }
}

/** The 75th percentile (nearest rank) of a histogram, or null without samples. */
function p75(histogram: { bucket: number; n: number }[] | undefined): number | null {
  if (!histogram?.length) return null
  const sorted = [...histogram].sort((a, b) => a.bucket - b.bucket)
  const rank = Math.ceil(sorted.reduce((sum, h) => sum + h.n, 0) * 0.75)
  let seen = 0
  for (const h of sorted) {
    seen += h.n
    if (seen >= rank) return valueOf(h.bucket)
  }
  return valueOf(sorted[sorted.length - 1].bucket)
}

/** A counted page load as stored, with what its reports added (tests and tools). */
export interface StoredLoad {
  loadId: string
  at: number
  reports: number
  remote: string
  version: string
  shown: string
  client: string
  outcome: string
  reason: string | null
  engine: StoredEngine
  /** The major version its page named; null when it named no engine. */
  engineMajor: number | null
  unreported: string[]
  vitals: { name: string; value: number }[]
  errors: { version: string; kind: string; message: string }[]
  calls: { path: string; kind: string; count: number }[]
}

/** The counted page loads a store file holds, oldest first, read beside the server that writes it. */
export function readStoredLoads(file: string): StoredLoad[] {
  if (!existsSync(file)) return []
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('SELECT * FROM loads WHERE remote IS NOT NULL ORDER BY id').all() as Row[]
    const of = (sql: string, id: unknown) => db.prepare(sql).all(id) as never[]
    return rows.map((row) => ({
      loadId: String(row.load_id),
      at: Number(row.at),
      reports: Number(row.reports),
      remote: String(row.remote),
      version: String(row.version),
      shown: String(row.shown),
      client: String(row.client),
      outcome: String(row.outcome),
      reason: row.reason === null ? null : String(row.reason),
      engine: String(row.engine) as StoredEngine,
      engineMajor: row.engine_major === null ? null : Number(row.engine_major),
      unreported: row.unreported ? String(row.unreported).split(',') : [],
      vitals: of('SELECT name, value FROM vitals WHERE load = ? ORDER BY rowid', row.id),
      errors: of('SELECT version, kind, message FROM errors WHERE load = ? ORDER BY rowid', row.id),
      calls: of('SELECT path, kind, count FROM call_failures WHERE load = ? ORDER BY rowid', row.id),
    }))
  } finally {
    db.close()
  }
}

/** Every row of every table of a store file: what a check that no private value is kept reads. */
export function readStoredTables(file: string): Record<string, Row[]> {
  if (!existsSync(file)) return {}
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[]
    return Object.fromEntries(
      tables.map(({ name }) => [String(name), db.prepare(`SELECT * FROM "${String(name)}"`).all() as Row[]]),
    )
  } finally {
    db.close()
  }
}
