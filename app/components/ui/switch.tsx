import type { ComponentProps } from "react";
import { Switch as SwitchPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";

/**
 * An on/off switch (role="switch", Space toggles). Give it a name with a <label htmlFor>, or
 * aria-label / aria-labelledby. Inside a <form> with `name` it submits "on" when checked.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "peer relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent",
        "bg-line-strong transition-colors data-[state=checked]:bg-brand-700",
        "disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          "pointer-events-none block size-7 rounded-full bg-white shadow-md ring-0 transition-transform",
          "translate-x-0 data-[state=checked]:translate-x-6",
        )}
      />
    </SwitchPrimitive.Root>
  );
}
