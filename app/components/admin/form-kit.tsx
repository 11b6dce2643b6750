// What every dashboard form shares (the Content and Courses tabs, a member's files): its hidden
// fields, and how a refused form's message is shown, next to its field or above the form. The
// fields themselves are the site's form fields (app/components/ui/form-field.tsx).

/** A refused form's answer: the message, and the field it is about (null: the whole form). */
export interface FormFailure {
  field: string | null;
  message: string;
}

/** Hidden inputs in the order given; an undefined value sends nothing. */
export function HiddenFields({ fields }: { fields: Record<string, string | number | undefined> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
    </>
  );
}

/** A refusal with no field of its own, shown above the form. */
export function FormMessage({ failure }: { failure: FormFailure | null }) {
  if (!failure || failure.field) return null;
  return (
    <p role="alert" className="font-semibold text-danger-700">
      {failure.message}
    </p>
  );
}

/** The message for one field when the refusal is about it, else null. */
export function fieldError(failure: FormFailure | null, field: string): string | null {
  return failure?.field === field ? failure.message : null;
}
