import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/utils/cn";
import { AlertCircleIcon } from "~/components/icons";
import { Input, Textarea } from "./input";
import { Label } from "./label";

/** The props a field's control needs so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  name: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export interface FormFieldProps {
  /** The visible label. */
  label: ReactNode;
  /** The form field name (also the default id stem). */
  name: string;
  id?: string;
  /** Help text under the label, read with the control. */
  hint?: ReactNode;
  /** The error message (the documented words). Marks the control invalid and is read with it. */
  error?: string | null;
  required?: boolean;
  className?: string;
  /** Renders the control with the wiring props; spread them onto it. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled field: label, optional hint, the control, and an error message linked through
 * aria-describedby and aria-invalid. The error area is a polite live region, so a message that
 * appears after instant validation is announced.
 */
export function FormField({ label, name, id, hint, error, required, className, children }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? `${name}-${autoId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-1 text-danger-700">
            *
          </span>
        ) : null}
      </Label>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        name,
        required: required || undefined,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
      })}
      <div aria-live="polite" className="empty:hidden">
        {error ? (
          <p id={errorId} className="flex items-start gap-2 text-sm font-medium text-danger-700">
            <AlertCircleIcon className="mt-0.5 size-4.5 shrink-0" />
            <span>{error}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

type FieldShared = Omit<FormFieldProps, "children">;

/** A labelled <Input>. Other input attributes (type, autoComplete, defaultValue…) pass through. */
export function InputField({
  label,
  name,
  id,
  hint,
  error,
  required,
  className,
  inputClassName,
  ...inputProps
}: FieldShared & { inputClassName?: string } & Omit<ComponentProps<"input">, "name" | "id" | "required" | "className">) {
  return (
    <FormField label={label} name={name} id={id} hint={hint} error={error} required={required} className={className}>
      {(control) => <Input {...inputProps} {...control} className={inputClassName} />}
    </FormField>
  );
}

/** A labelled <Textarea>. */
export function TextareaField({
  label,
  name,
  id,
  hint,
  error,
  required,
  className,
  inputClassName,
  ...textareaProps
}: FieldShared & { inputClassName?: string } & Omit<
    ComponentProps<"textarea">,
    "name" | "id" | "required" | "className"
  >) {
  return (
    <FormField label={label} name={name} id={id} hint={hint} error={error} required={required} className={className}>
      {(control) => <Textarea {...textareaProps} {...control} className={inputClassName} />}
    </FormField>
  );
}

/**
 * A file picker whose hint sits above it with the id `${id}-hint` (written by the caller, next to
 * its own label) and whose message, when there is one, follows it: described by both, marked
 * invalid, announced.
 */
export function FileInput({ id, error, className, ...props }: Omit<ComponentProps<"input">, "type" | "aria-describedby" | "aria-invalid"> & { id: string; error?: string | null }) {
  return (
    <>
      <input
        id={id}
        type="file"
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={cn(
          "block w-full max-w-sm text-base text-ink file:mr-3 file:cursor-pointer file:rounded-full file:border file:border-brand-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-brand-800",
          className,
        )}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
