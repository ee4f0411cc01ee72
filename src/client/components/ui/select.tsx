import { Check, ChevronDown } from "lucide-react";
import { Select as SelectPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, startTransition, useEffect, useState } from "react";
import { cn } from "@/client/lib/utils";

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

const TRIGGER_CLASS =
  "flex h-10 max-sm:h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive data-[placeholder]:text-muted-foreground [&>span]:truncate";

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger className={cn(TRIGGER_CLASS, className)} {...props}>
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = "popper",
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          "relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-md border border-border bg-card text-foreground shadow-lg data-[state=open]:animate-fade-in",
          position === "popper" &&
            "w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex min-h-10 max-sm:min-h-11 w-full cursor-pointer select-none items-center rounded-sm py-2 pr-8 pl-2 text-base outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}

export function SelectLabel({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return <SelectPrimitive.Label className={cn("px-2 py-1.5 font-semibold text-sm", className)} {...props} />;
}

/**
 * A select on every screen (the header's switches) mounts once the browser is idle, or at once when
 * the person reaches for it. Radix's Select renders its items off-screen as it mounts and updates
 * itself from layout effects: in the header, that was about half of the longest task of a
 * returning dashboard's start on a slow phone (two renders inside the shell's commit). Until then
 * `SelectStandIn` shows the same closed trigger; `openedEarly` says to mount it open.
 */
export function useSelectWhenIdle() {
  const [state, setState] = useState({ ready: false, openedEarly: false });
  useEffect(() => {
    if (state.ready) return;
    const ready = () => startTransition(() => setState((now) => (now.ready ? now : { ...now, ready: true })));
    // Safari has no requestIdleCallback: a short timer stands in for it.
    if (typeof requestIdleCallback !== "function") {
      const timer = window.setTimeout(ready, 500);
      return () => window.clearTimeout(timer);
    }
    const id = requestIdleCallback(ready, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, [state.ready]);
  return { ...state, openNow: () => setState({ ready: true, openedEarly: true }) };
}

/** The closed trigger of a select that is not mounted yet: a click or an arrow key opens it. */
export function SelectStandIn({
  className,
  children,
  onOpen,
  ...props
}: Omit<ComponentProps<"button">, "onClick" | "onKeyDown"> & { children: ReactNode; onOpen: () => void }) {
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded="false"
      aria-autocomplete="none"
      className={cn(TRIGGER_CLASS, className)}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          onOpen();
        }
      }}
      {...props}
    >
      <span style={{ pointerEvents: "none" }}>{children}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
    </button>
  );
}
