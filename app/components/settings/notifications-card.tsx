import { useId } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { NotificationSchema } from "~/validation/settings";
import { SETTINGS_TEXT, useHydrated, useSettingsBusy, useSettingsForm } from "./settings-form";

/** docs/product.md §9.4 Notifications & Privacy: the switch saves at once; the privacy policy in a new tab. */
export function NotificationsCard({ enabled }: { enabled: boolean }) {
  const busy = useSettingsBusy();
  const hydrated = useHydrated();
  const id = useId();
  const form = useSettingsForm("settings-notifications");
  // While saving, the switch shows the value being saved.
  const pending = form.fetcher.formData?.get("enabled");
  const checked = typeof pending === "string" ? pending === "true" : enabled;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications &amp; Privacy</CardTitle>
        <CardDescription>Choose how we keep in touch.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {/* Without JavaScript the switch cannot toggle: the form's button posts the other value. */}
        <form method="post" action="/settings" className="flex items-start justify-between gap-4">
          <input type="hidden" name="intent" value="notifications" />
          <input type="hidden" name="enabled" value={String(!enabled)} />
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-switch`}>Email Notifications</Label>
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              {SETTINGS_TEXT.notificationsHelp}
            </p>
            {/* In <noscript>, not behind a hydration flag: nothing moves when the page's script starts. */}
            <noscript>
              <div className="mt-2">
                <Button type="submit" size="sm" variant="outline">
                  {enabled ? "Turn off email notifications" : "Turn on email notifications"}
                </Button>
              </div>
            </noscript>
          </div>
          <Switch
            id={`${id}-switch`}
            checked={checked}
            disabled={busy || !hydrated}
            aria-describedby={`${id}-help`}
            onCheckedChange={(value) => {
              const parsed = NotificationSchema.safeParse({ enabled: value });
              if (!parsed.success) return;
              form.send({ intent: "notifications", enabled: String(parsed.data.enabled) });
            }}
          />
        </form>
        <p>
          <Link to="/privacy" target="_blank" rel="noopener" className="link font-semibold">
            View Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
