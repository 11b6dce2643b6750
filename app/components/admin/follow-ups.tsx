import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { FollowUpView } from "~/server/models/follow-ups.server";
import { formatDateTime } from "~/utils/format";
import { EmailText } from "~/components/ui/email-text";

// docs/product.md §10.16, the overview's to-dos: each 1-to-1 sale asks the coach to write to the
// client within one working day. Each shows who, her address, when she bought and the day it is
// due by; an overdue one is marked and set apart in colour. 'Mark done' is a plain form (it works
// before JavaScript loads) that posts to /settings/admin/follow-ups.

export const MARK_DONE_ACTION = "/settings/admin/follow-ups";

export function FollowUps({ followUps }: { followUps: FollowUpView[] | null }) {
  const navigation = useNavigation();
  const marking = navigation.state !== "idle" && navigation.formAction === MARK_DONE_ACTION ? navigation.formData?.get("id") : null;
  if (followUps !== null && followUps.length === 0) return null;
  return (
    <section id="follow-ups" aria-labelledby="follow-ups-title" className="flex flex-col gap-3 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="follow-ups-title" className="font-display text-xl font-semibold text-ink">
        To do: write to your new 1-to-1 clients
      </h2>
      {followUps === null ? (
        <p className="text-base text-ink-muted">Your to-dos could not be loaded. Please try again in a moment.</p>
      ) : (
        <>
          <p className="text-base text-ink-muted">Her checkout page promised she&rsquo;d hear from you within one working day.</p>
          <ul className="flex flex-col gap-3">
            {followUps.map((todo) => (
              <li
                key={todo.id}
                data-overdue={todo.overdue ? "true" : undefined}
                className={
                  todo.overdue
                    ? "flex flex-wrap items-center justify-between gap-3 rounded-2xl border-2 border-danger-200 bg-danger-50 p-4"
                    : "flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sand-200 p-4"
                }
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {todo.clientName}
                    {todo.overdue ? <Badge variant="danger">Overdue</Badge> : null}
                  </p>
                  {todo.clientEmail ? (
                    <a href={`mailto:${todo.clientEmail}`} className="text-sm text-brand-800 underline">
                      <EmailText email={todo.clientEmail} />
                    </a>
                  ) : null}
                  <p className="text-sm text-ink-muted">Bought {formatDateTime(todo.boughtAt)}</p>
                  <p className={todo.overdue ? "text-sm font-semibold text-danger-800" : "text-sm font-semibold text-ink"}>Due by {todo.dueLabel}</p>
                </div>
                <Form method="post" action={MARK_DONE_ACTION}>
                  <input type="hidden" name="intent" value="mark-done" />
                  <input type="hidden" name="id" value={todo.id} />
                  <Button type="submit" variant="outline" loading={marking === todo.id} aria-label={`Mark done: write to ${todo.clientName}`}>
                    Mark done
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
