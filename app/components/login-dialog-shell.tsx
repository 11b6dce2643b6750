import type { ReactNode } from "react";
import { BrandMark } from "./brand-mark";
import { NativeDialog } from "./ui/native-dialog";
import { Spinner } from "./ui/spinner";

// The navigation's login dialog on the pages that do not hydrate (app/utils/islands-page.ts), opened by
// the islands script on 'Login' (app/islands/nav.ts). The auth form inside is the same React
// component as everywhere else: it loads with its first opening and renders into the mount point
// (app/islands/login-island.tsx); the spinner shows until it has arrived.

export function LoginDialogShell({
  title = "Welcome",
  description = "Log in to your account, or create one to get started.",
}: {
  title?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <NativeDialog
      id="login-dialog"
      marker="data-login-dialog"
      before={
        <div className="mb-2">
          <BrandMark className="size-12" />
        </div>
      }
      title={title}
      description={description}
    >
      <div data-login-mount="" className="mt-6">
        <div className="flex min-h-80 items-center justify-center">
          <Spinner size="lg" />
        </div>
      </div>
    </NativeDialog>
  );
}
