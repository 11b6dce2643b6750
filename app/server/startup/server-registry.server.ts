import crypto from "node:crypto";
import os from "node:os";
import { and, eq, gt, lt, ne, or } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { serverInstances } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";

// Which servers share this PostgreSQL database (docs/security.md, "Robustness"). Each server
// keeps one row in server_instances, refreshed every minute and removed when it stops cleanly. A
// server that keeps profile pictures on its own disk (no S3_BUCKET) and sees another one, or sees
// one that does, logs an error once per server seen: a picture uploaded through one of them is a
// 404 on the other. Only on PostgreSQL: the embedded database has one server by construction.

export const HEARTBEAT_MS = 60_000;
/** A row refreshed within this long belongs to a running server. */
export const RECENT_MS = 150_000;
/** Rows older than this (servers that never stopped cleanly) are removed at start-up. */
const FORGET_MS = 24 * 60 * 60 * 1000;

export interface RegistryOptions {
  db: () => Database;
  port: number;
  localUploads: boolean;
  hostname?: string;
  heartbeatMs?: number;
}

export class ServerRegistry {
  readonly id: string;
  private readonly hostname: string;
  private readonly warned = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: RegistryOptions) {
    this.hostname = options.hostname ?? os.hostname();
    this.id = `${this.hostname}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  }

  /** Registers this server, reports the others running now, and keeps the row fresh. */
  async start(): Promise<void> {
    const db = this.options.db();
    const now = Date.now();
    // This host's earlier run on the same port (it did not stop cleanly) is not another server.
    await db
      .delete(serverInstances)
      .where(
        or(
          and(eq(serverInstances.hostname, this.hostname), eq(serverInstances.port, this.options.port)),
          lt(serverInstances.lastSeenAt, new Date(now - FORGET_MS)),
        ),
      );
    await db.insert(serverInstances).values({ id: this.id, hostname: this.hostname, port: this.options.port, localUploads: this.options.localUploads });
    await this.check();
    this.timer = setInterval(() => void this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    try {
      const db = this.options.db();
      const updated = await db.update(serverInstances).set({ lastSeenAt: new Date() }).where(eq(serverInstances.id, this.id)).returning({ id: serverInstances.id });
      // Removed by another server's clean-up after a long pause: register again.
      if (updated.length === 0) {
        await db.insert(serverInstances).values({ id: this.id, hostname: this.hostname, port: this.options.port, localUploads: this.options.localUploads });
      }
      await this.check();
    } catch (error) {
      logger.warn("could not refresh this server's row in server_instances", { error });
    }
  }

  /** Logs, once for each, the other running servers whose uploads and ours cannot be shared. */
  async check(): Promise<void> {
    const others = await this.options
      .db()
      .select()
      .from(serverInstances)
      .where(and(ne(serverInstances.id, this.id), gt(serverInstances.lastSeenAt, new Date(Date.now() - RECENT_MS))));
    for (const other of others) {
      if (this.warned.has(other.id)) continue;
      if (!this.options.localUploads && !other.localUploads) continue;
      this.warned.add(other.id);
      logger.error(
        "ANOTHER SERVER IS USING THIS DATABASE, but profile pictures are kept on each server's own disk: " +
          "a picture uploaded through one server is missing (404) on the other. Set S3_BUCKET (and the other S3_* settings) " +
          "on every server so they share one bucket, or run a single server.",
        { otherServer: `${other.hostname} port ${other.port}`, since: other.startedAt, thisServer: `${this.hostname} port ${this.options.port}` },
      );
    }
  }

  /** Removes this server's row (a clean stop). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.options
      .db()
      .delete(serverInstances)
      .where(eq(serverInstances.id, this.id))
      .catch((error: unknown) => logger.warn("could not remove this server's row from server_instances", { error }));
  }
}
