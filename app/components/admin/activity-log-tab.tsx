import type { ActivityEntry } from "~/server/admin/activity.server";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { actionLabel, formatDateTime } from "~/utils/format";
import { ADMIN_TEXT } from "~/validation/admin";

// docs/product.md §10.9 Activity Log tab: 'Recent administrative actions', the 50 newest entries, each with a
// badge of its action type, its time and 'User: ' with the member's name or else email. Entries
// of other kinds (the Offers tab's changes) show their summary instead.

const BADGES: Record<string, BadgeVariant> = {
  grant_admin: "success",
  remove_admin: "warning",
  update_user: "brand",
  delete_user: "danger",
};

export function ActivityLogTab({ entries }: { entries: ActivityEntry[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Activity Log</CardTitle>
        <CardDescription>Recent administrative actions</CardDescription>
      </CardHeader>
      <CardContent>
        {entries && entries.length > 0 ? (
          <ol className="flex flex-col divide-y divide-sand-200" aria-label="Recent administrative actions">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:gap-6">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 sm:w-64 sm:shrink-0 sm:flex-col sm:items-start">
                  <Badge variant={BADGES[entry.actionType] ?? "neutral"}>{actionLabel(entry.actionType)}</Badge>
                  <time dateTime={entry.createdAt} className="text-sm text-ink-muted tabular-nums">
                    {formatDateTime(entry.createdAt)}
                  </time>
                </div>
                <div className="flex min-w-0 flex-col gap-1">
                  {entry.userLabel ? <p className="font-semibold break-words">User: {entry.userLabel}</p> : null}
                  {entry.summary ? <p className="break-words">{entry.summary}</p> : null}
                  {entry.changes.length > 0 ? (
                    <ul className="text-sm text-ink-muted">
                      {entry.changes.map((change) => (
                        <li key={change} className="break-words">
                          {change}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {entry.adminEmail ? <p className="text-sm text-ink-muted">By {entry.adminEmail}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        ) : (
          // docs/product.md §10.9: a failure to load the log is logged only; the tab then reads as empty.
          <p className="text-ink-muted">{ADMIN_TEXT.noActivity}</p>
        )}
      </CardContent>
    </Card>
  );
}
