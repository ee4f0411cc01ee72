import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterClassName,
} from "@/client/components/ui/dialog";
import { FormAlert } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage, requestJson } from "@/client/lib/api";
import { type SupplyListItem, suppliesApi, supplyStockEventsKey } from "@/client/lib/supplies-api";
import { supplyCountInput, supplyReceiptInput } from "@/domain/supplies";

export type StockLinesMode = "receive" | "count";

interface LineValues {
  amount: string;
  lot: string;
  expirationDate: string;
}

const EMPTY_LINE: LineValues = { amount: "", lot: "", expirationDate: "" };

const TEXTS = {
  receive: {
    title: "Receive delivery",
    description: "Type how many of each supply came in. Leave the others empty. Lot and expiry are optional.",
    submit: "Save delivery",
    pending: "Saving...",
    nothing: "Type how many came in for at least one supply.",
    path: "/api/tpn-supplies/receipts",
    schema: supplyReceiptInput,
  },
  count: {
    title: "Count stock",
    description:
      "Type the number you counted on the shelf. Leave a supply empty to keep its number as it is.",
    submit: "Save count",
    pending: "Saving...",
    nothing: "Type a counted number for at least one supply.",
    path: "/api/tpn-supplies/counts",
    schema: supplyCountInput,
  },
} as const;

/** "+3", "−2", "no change": how a counted number moves the stock. */
export function differenceText(difference: number): string {
  if (difference > 0) return `+${difference}`;
  if (difference < 0) return `\u2212${-difference}`;
  return "no change";
}

/**
 * One form for a whole delivery or stocktake: every supply on a line with one number field (the
 * quantity received, or the number counted), Enter moving to the next line, one Save. Only the
 * lines typed in are sent, all in one request that saves all of them or none; a refused line
 * shows its reason next to it.
 */
export function StockLinesDialog({
  mode,
  open,
  onOpenChange,
  supplies,
}: {
  mode: StockLinesMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  supplies: readonly SupplyListItem[];
}) {
  const guard = useGuardedDialog(onOpenChange);
  const text = TEXTS[mode];
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <StockLinesForm
          mode={mode}
          supplies={supplies}
          onCancel={guard.requestClose}
          onDirtyChange={guard.report}
          onSaved={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function StockLinesForm({
  mode,
  supplies,
  onCancel,
  onDirtyChange,
  onSaved,
}: {
  mode: StockLinesMode;
  supplies: readonly SupplyListItem[];
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
  onSaved: () => void;
}) {
  const text = TEXTS[mode];
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, LineValues>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const dirty = Object.values(values).some((line) => line.amount || line.lot || line.expirationDate);
  useEffect(() => onDirtyChange(dirty, () => setValues({})), [dirty, onDirtyChange]);

  const change = (supplyId: string, field: keyof LineValues, value: string) => {
    setValues((all) => ({ ...all, [supplyId]: { ...(all[supplyId] ?? EMPTY_LINE), [field]: value } }));
    setErrors((all) => {
      const { [`${supplyId}.${field}`]: _gone, ...rest } = all;
      return rest;
    });
  };

  // Enter moves on to the next supply's number (the phone keyboard's "Next"); on the last, it saves.
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    const next = supplies[index + 1];
    if (!next) return;
    event.preventDefault();
    inputs.current.get(next.id)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const typed = supplies.filter((supply) => values[supply.id]?.amount.trim());
    if (typed.length === 0) {
      setFormError(text.nothing);
      return;
    }
    const lines = typed.map((supply) => {
      const line = values[supply.id]!;
      return mode === "receive"
        ? {
            supplyId: supply.id,
            quantity: line.amount.trim(),
            lot: line.lot,
            expirationDate: line.expirationDate,
          }
        : { supplyId: supply.id, counted: line.amount.trim() };
    });
    const lineErrors = (issues: readonly { path: string; message: string }[]) => {
      const found: Record<string, string> = {};
      for (const issue of issues) {
        const match = /^lines\.(\d+)\.(\w+)$/.exec(issue.path);
        const supply = match ? typed[Number(match[1])] : undefined;
        if (!supply || !match) continue;
        const field = match[2] === "quantity" || match[2] === "counted" ? "amount" : match[2]!;
        found[`${supply.id}.${field === "supplyId" ? "amount" : field}`] ??= issue.message;
      }
      return found;
    };
    const checked = text.schema.safeParse({ lines });
    if (!checked.success) {
      setErrors(
        lineErrors(checked.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }))),
      );
      setFormError("Check the lines marked below: nothing was saved.");
      return;
    }
    setPending(true);
    setFormError(undefined);
    try {
      await requestJson("POST", text.path, { lines });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: suppliesApi.key }),
        queryClient.invalidateQueries({ queryKey: supplyStockEventsKey }),
      ]);
      const n = lines.length;
      toast({
        title: mode === "receive" ? "Delivery received" : "Stock counted",
        description:
          mode === "receive"
            ? `The stock of ${n} ${n === 1 ? "supply" : "supplies"} went up.`
            : `The stock of ${n} ${n === 1 ? "supply" : "supplies"} is now what you counted.`,
      });
      setValues({});
      onSaved();
    } catch (error) {
      const found = lineErrors(errorIssues(error));
      setErrors(found);
      setFormError(
        Object.keys(found).length > 0
          ? "Check the lines marked below: nothing was saved."
          : errorMessage(error, "Could not save. Nothing was changed: please try again."),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormAlert message={formError} />
      <ul className="flex flex-col divide-y divide-border" aria-label={TEXTS[mode].title}>
        {supplies.map((supply, index) => (
          <StockLine
            key={supply.id}
            mode={mode}
            supply={supply}
            values={values[supply.id] ?? EMPTY_LINE}
            errors={errors}
            onChange={(field, value) => change(supply.id, field, value)}
            onKeyDown={onKeyDown(index)}
            last={index === supplies.length - 1}
            inputRef={(element) => {
              if (element) inputs.current.set(supply.id, element);
              else inputs.current.delete(supply.id);
            }}
          />
        ))}
      </ul>
      <DialogFooter className={stickyFooterClassName}>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? text.pending : text.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}

function StockLine({
  mode,
  supply,
  values,
  errors,
  onChange,
  onKeyDown,
  last,
  inputRef,
}: {
  mode: StockLinesMode;
  supply: SupplyListItem;
  values: LineValues;
  errors: Record<string, string>;
  onChange: (field: keyof LineValues, value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  last: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const [details, setDetails] = useState(false);
  const amountError = errors[`${supply.id}.amount`];
  const lotError = errors[`${supply.id}.lot`];
  const expiryError = errors[`${supply.id}.expirationDate`];
  const showDetails = details || Boolean(values.lot || values.expirationDate || lotError || expiryError);
  const counted = /^\d{1,9}$/.test(values.amount.trim()) ? Number(values.amount.trim()) : null;
  const label = mode === "receive" ? `${supply.name}: received` : `${supply.name}: counted`;
  return (
    <li className="flex flex-col gap-1.5 py-2">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-amount`} className="block break-words font-medium text-sm">
            {supply.name}
          </label>
          <p className="text-muted-foreground text-xs">
            Now {supply.currentStock} {supply.unit}
            {mode === "count" && counted !== null ? (
              <span className="ml-1 font-medium text-foreground" data-testid="count-difference">
                ({differenceText(counted - supply.currentStock)})
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-1">
          {mode === "receive" ? (
            <span aria-hidden="true" className="font-medium text-muted-foreground">
              +
            </span>
          ) : null}
          <Input
            ref={inputRef}
            id={`${id}-amount`}
            aria-label={label}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${id}-amount-error` : undefined}
            inputMode="numeric"
            enterKeyHint={last ? "done" : "next"}
            autoComplete="off"
            placeholder={mode === "count" ? String(supply.currentStock) : "0"}
            className="w-24 text-right"
            value={values.amount}
            onChange={(event) => onChange("amount", event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      </div>
      {amountError ? (
        <p id={`${id}-amount-error`} className="font-medium text-destructive text-sm">
          {amountError}
        </p>
      ) : null}
      {mode === "receive" ? (
        showDetails ? (
          <div className="grid grid-cols-2 gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-lot`} className="text-muted-foreground text-xs">
                Lot (optional)
              </label>
              <Input
                id={`${id}-lot`}
                value={values.lot}
                aria-invalid={lotError ? true : undefined}
                onChange={(event) => onChange("lot", event.target.value)}
              />
              {lotError ? <p className="font-medium text-destructive text-sm">{lotError}</p> : null}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-expiry`} className="text-muted-foreground text-xs">
                Expires (optional)
              </label>
              <Input
                id={`${id}-expiry`}
                type="date"
                value={values.expirationDate}
                aria-invalid={expiryError ? true : undefined}
                onChange={(event) => onChange("expirationDate", event.target.value)}
              />
              {expiryError ? <p className="font-medium text-destructive text-sm">{expiryError}</p> : null}
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="-my-1 min-h-8 self-start text-primary text-xs underline-offset-2 hover:underline"
            onClick={() => setDetails(true)}
            aria-label={`Add lot and expiry for ${supply.name}`}
          >
            Add lot and expiry
          </button>
        )
      ) : null}
    </li>
  );
}
