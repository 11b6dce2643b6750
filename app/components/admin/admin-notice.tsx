import { AlertCircleIcon } from "~/components/icons";

/** A failed action or load, in words, for pages read without JavaScript (which shows a toast). */
export function AdminNotice({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="mb-6 flex items-start gap-3 rounded-2xl border border-danger-200 bg-danger-50 p-4 text-danger-800">
      <AlertCircleIcon className="mt-0.5 size-5 shrink-0" />
      <p>
        <span className="font-semibold">{title}</span>
        {title !== message ? <span className="block">{message}</span> : null}
      </p>
    </div>
  );
}
