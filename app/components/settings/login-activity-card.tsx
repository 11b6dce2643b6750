import type { SettingsLogin } from "~/server/account/settings.server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/utils/format";
import { SETTINGS_TEXT } from "./settings-form";

/** docs/product.md §9.6 Recent Login Activity: the 10 newest sign-ins. */
export function LoginActivityCard({ logins }: { logins: SettingsLogin[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Login Activity</CardTitle>
        <CardDescription>Your last 10 sign-ins.</CardDescription>
      </CardHeader>
      <CardContent>
        {logins.length === 0 ? (
          <p className="text-ink-muted">{SETTINGS_TEXT.noLogins}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-sand-200" aria-label="Recent logins">
            {logins.map((login) => (
              <li key={login.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                <time dateTime={login.loginAt} className="font-semibold">
                  {formatDateTime(login.loginAt)}
                </time>
                <span className="text-sm text-ink-muted">
                  {login.location || SETTINGS_TEXT.unknownLocation} · {login.ipAddress || SETTINGS_TEXT.ipHidden}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
