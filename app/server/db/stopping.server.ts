// Whether this process has begun a deliberate stop (SIGTERM, Ctrl-C: server.js). From then on a
// database connection that ends, or an embedded database that exits, is expected, not a fault to
// report or repair: a process manager that signals the whole service at once (systemd's
// control group) stops PostgreSQL's processes while the site is still closing its connections.
// Kept on globalThis: the development server reloads modules.

const state = globalThis as typeof globalThis & { __databaseStopping?: boolean };

export function markDatabaseStopping(): void {
  state.__databaseStopping = true;
}

export function isDatabaseStopping(): boolean {
  return state.__databaseStopping === true;
}
