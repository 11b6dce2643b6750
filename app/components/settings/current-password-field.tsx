import { useId, type ReactNode, type Ref } from "react";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/form-field";
import { cn } from "~/utils/cn";
import { CURRENT_SECRET_TEXT } from "~/validation/settings";

/**
 * The current-password field of the email change and the Delete Account dialog (docs/product.md §9.2): a
 * session alone never makes those changes. A member with two-factor authentication on may type a
 * 6-digit code from her app instead. `action` (the form's button) sits beside the input on wide
 * screens, as on the Full Name row.
 */
export function CurrentPasswordField({
  twoFactorEnabled,
  hint,
  disabled,
  inputRef,
  action,
  className,
}: {
  twoFactorEnabled: boolean;
  hint: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  action?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <FormField label={twoFactorEnabled ? CURRENT_SECRET_TEXT.secretLabel : CURRENT_SECRET_TEXT.passwordLabel} name="currentPassword" id={id} hint={hint} className={className}>
      {(control) => (
        <div className={cn("flex flex-col gap-3", action ? "sm:flex-row" : undefined)}>
          <Input {...control} ref={inputRef} type="password" autoComplete="current-password" maxLength={128} disabled={disabled} />
          {action}
        </div>
      )}
    </FormField>
  );
}

/** Empties the field (after an answer) and, if asked, puts the cursor back in it. */
export function clearCurrentPassword(input: HTMLInputElement | null, focus = false) {
  if (!input) return;
  input.value = "";
  if (focus) input.focus();
}
