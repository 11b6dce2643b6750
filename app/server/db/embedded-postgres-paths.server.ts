import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Where the embedded database keeps its files and socket, its connection URL and its settings
// (./embedded-postgres.server.ts runs it; docs/decisions/200).

/** The database the site's tables live in (the cluster's `postgres` database stays empty). */
export const EMBEDDED_DATABASE = "site";
export const EMBEDDED_USER = "postgres";
/** The longest unix socket path Linux accepts is 107 bytes; leave room for `.s.PGSQL.5432.lock`. */
const MAX_SOCKET_DIR_LENGTH = 80;

/**
 * Settings for a small site on a small server (docs/performance.md): little shared memory, no
 * parallel workers or JIT, and every commit flushed to disk before it is acknowledged.
 */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  listen_addresses: "",
  unix_socket_permissions: "0700",
  shared_buffers: "32MB",
  max_connections: "60",
  fsync: "on",
  synchronous_commit: "on",
  full_page_writes: "on",
  jit: "off",
  io_method: "sync",
  max_worker_processes: "4",
  max_parallel_workers: "0",
  max_parallel_workers_per_gather: "0",
  max_wal_senders: "2",
  autovacuum_max_workers: "2",
  huge_pages: "off",
  TimeZone: "UTC",
  log_min_messages: "warning",
  log_checkpoints: "off",
  // After a crash, one syncfs() of the file system instead of an fsync of every file (seconds).
  recovery_init_sync_method: "syncfs",
};

export interface EmbeddedPaths {
  dataDir: string;
  /** PGDATA: the cluster's files. */
  cluster: string;
  /** The folder holding the unix socket. */
  socketDir: string;
  logFile: string;
}

export function embeddedPaths(dataDir: string): EmbeddedPaths {
  const dir = path.resolve(dataDir);
  let socketDir = path.join(dir, "run");
  if (socketDir.length > MAX_SOCKET_DIR_LENGTH) {
    // A deep DATA_DIR: the socket goes to a short folder of its own named after the directory.
    const hash = createHash("sha256").update(dir).digest("hex").slice(0, 12);
    socketDir = path.join(os.tmpdir(), `strong-pg-${hash}`);
  }
  return { dataDir: dir, cluster: path.join(dir, "postgres"), socketDir, logFile: path.join(dir, "postgres.log") };
}

/** The connection URL of the embedded database of `dataDir` (it may or may not be running). */
export function embeddedDatabaseUrl(dataDir: string, database = EMBEDDED_DATABASE): string {
  const { socketDir } = embeddedPaths(dataDir);
  return `postgresql://${EMBEDDED_USER}@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

export function isEmbeddedClusterInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(embeddedPaths(dataDir).cluster, "PG_VERSION"));
}
