import type { AuthMode } from "~/utils/auth-result";
import { AuthForm } from "./auth-form";

/**
 * The /auth page: the auth form on a page of its own, for visitors without JavaScript (the
 * navigation's login dialog needs it) and for links such as "Forgot your password?" opened in a
 * new tab.
 */
export function AuthPage({ mode, redirectTo }: { mode: AuthMode; redirectTo: string }) {
  return (
    <main id="main" className="bg-linear-to-b from-sand-100 to-sand-50">
      <div className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-xl">
          <h1 className="text-center text-3xl sm:text-4xl">Welcome</h1>
          <p className="mt-3 text-center text-lg text-ink-muted">Log in to your account, or create one to get started.</p>
          <div className="mt-8 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
            <AuthForm key={mode} initialMode={mode} redirectTo={redirectTo} />
          </div>
        </div>
      </div>
    </main>
  );
}
