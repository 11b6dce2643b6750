import type { SettingsProfile } from "~/server/account/settings.server";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLongDate } from "~/utils/format";
import { SETTINGS_TEXT, useSettingsBusy, useSettingsForm } from "./settings-form";

/** docs/product.md §9.5 Account Status, with whether the email address is confirmed (docs/product.md §7.5). */
export function AccountStatusCard({ profile, adminConfirmationNeeded = false }: { profile: SettingsProfile; adminConfirmationNeeded?: boolean }) {
  const busy = useSettingsBusy();
  const form = useSettingsForm("settings-resend-verification");
  const status = profile.accountStatus;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account Status</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="font-semibold">Account created</dt>
            <dd>
              <time dateTime={profile.createdAt}>{formatLongDate(profile.createdAt)}</time>
            </dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="font-semibold">Status</dt>
            <dd>
              {/* Default style when active, otherwise the secondary one. */}
              <Badge variant={status === "active" ? "solid" : "neutral"}>{status ?? SETTINGS_TEXT.unknownStatus}</Badge>
            </dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="font-semibold">Email address</dt>
            <dd>
              <Badge variant={profile.emailVerified ? "success" : "warning"}>{profile.emailVerified ? "Verified" : "Not verified"}</Badge>
            </dd>
          </div>
        </dl>
        {/* A verified ADMIN_EMAILS address still confirms it once while logged in (docs/product.md §7.10). */}
        {!profile.emailVerified || adminConfirmationNeeded ? (
          <form method="post" action="/settings" onSubmit={(event) => form.submit(event)} className="mt-4 flex flex-col gap-2">
            <input type="hidden" name="intent" value="resend-verification" />
            <p className="text-sm text-ink-muted">
              {profile.emailVerified
                ? "To open the admin dashboard, confirm your address with a link opened while you're logged in."
                : "Please confirm your email address with the link we sent you."}
            </p>
            <div>
              <Button type="submit" size="sm" variant="outline" loading={form.busy} disabled={busy}>
                Resend verification email
              </Button>
            </div>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
