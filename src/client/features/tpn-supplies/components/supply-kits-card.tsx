import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Boxes, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useCan } from "@/client/lib/permissions";
import { type KitLine, type SupplyListItem, supplyKitsApi } from "@/client/lib/supplies-api";
import { taskSettingsOptions } from "@/client/lib/tasks-api";
import { KIT_OCCASION_LABELS, KIT_OCCASIONS, type KitOccasion, MAX_KIT_QUANTITY } from "@/domain/supply-kits";
import { DEFAULT_STOCK_DAYS_TO_KEEP, STOCK_DAYS_TO_KEEP_SOURCE, WEEKDAY_LABELS } from "@/domain/tasks";

const selectClass = "h-10 min-w-0 flex-1 rounded-md border border-input bg-card px-3 text-sm max-sm:min-h-11";

const HINTS: Record<KitOccasion, string> = {
  "pn-bag": "Tubing set, filter, syringes, caps, flushes: what one night's bag uses.",
  dressing: "Dressing, caps, swabs: what one dressing change uses.",
};

/**
 * The kits: what each PN bag and each dressing change uses. Logging tonight's bag or a dressing
 * change takes its kit from the stock; deleting the entry puts it back. Beside them, what the order
 * dates go by: the delivery day and the days of stock kept on it (with the default's source).
 */
export function SupplyKitsCard({ supplies }: { supplies: readonly SupplyListItem[] }) {
  const lines = useQuery(supplyKitsApi.listOptions());
  const canWrite = useCan("write");
  return (
    <Card className="mb-6" aria-labelledby="supply-kits-title">
      <CardHeader>
        <div className="flex items-center gap-3">
          <Boxes aria-hidden="true" className="size-5 text-primary" />
          <CardTitle id="supply-kits-title">Kits</CardTitle>
        </div>
        <CardDescription>
          What each PN bag and each dressing change uses. Logging one takes its kit from the stock, so the
          forecast follows what you really use; deleting the entry puts it back.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {lines.isLoading ? (
          <Spinner label="Loading kits..." className="py-3" />
        ) : lines.error ? (
          <p role="alert" className="text-destructive text-sm">
            Could not load the kits: {errorMessage(lines.error)}
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {KIT_OCCASIONS.map((occasion) => (
              <KitSection
                key={occasion}
                occasion={occasion}
                lines={(lines.data ?? []).filter((line) => line.occasion === occasion)}
                supplies={supplies}
                canWrite={canWrite}
              />
            ))}
          </div>
        )}
        <ReorderRule />
      </CardContent>
    </Card>
  );
}

/** "Order dates keep 2 days of stock on delivery day (Thursdays)", with the source and where to change it. */
function ReorderRule() {
  const settings = useQuery(taskSettingsOptions());
  const days = settings.data?.stockDaysToKeep ?? DEFAULT_STOCK_DAYS_TO_KEEP;
  const weekday = settings.data?.deliveryWeekday;
  const next = settings.data?.nextDeliveryDate;
  return (
    <p className="text-muted-foreground text-sm">
      {weekday === null || weekday === undefined ? (
        next ? (
          <>Deliveries: weekly from the next one you set. </>
        ) : (
          <>Set your delivery day to see when to order each supply. </>
        )
      ) : (
        <>Deliveries on {WEEKDAY_LABELS[weekday]}s. </>
      )}
      Order dates keep {days} {days === 1 ? "day" : "days"} of stock on delivery day (
      <a className="underline" href={STOCK_DAYS_TO_KEEP_SOURCE.url} target="_blank" rel="noreferrer">
        CHOP: weekly deliveries, keep 1 to 2 days on delivery day
      </a>
      ).{" "}
      <Link className="underline" href="/settings#task-settings">
        Change in Settings
      </Link>
      .
    </p>
  );
}

function KitSection({
  occasion,
  lines,
  supplies,
  canWrite,
}: {
  occasion: KitOccasion;
  lines: readonly KitLine[];
  supplies: readonly SupplyListItem[];
  canWrite: boolean;
}) {
  const headingId = useId();
  const byId = new Map(supplies.map((supply) => [supply.id, supply]));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-md border border-border p-3">
      <h3 id={headingId} className="font-semibold text-sm">
        {KIT_OCCASION_LABELS[occasion]}
      </h3>
      {lines.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {canWrite ? `Nothing yet. ${HINTS[occasion]}` : "Nothing yet."}
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {lines.map((line) => (
            <KitLineRow key={line.id} line={line} supply={byId.get(line.supplyId)} canWrite={canWrite} />
          ))}
        </ul>
      )}
      {canWrite ? (
        <AddKitLine
          occasion={occasion}
          supplies={supplies.filter((supply) => !lines.some((line) => line.supplyId === supply.id))}
        />
      ) : null}
    </section>
  );
}

function useKitChange() {
  const queryClient = useQueryClient();
  return {
    done: () => queryClient.invalidateQueries({ queryKey: supplyKitsApi.key }),
    failed: (err: unknown) =>
      toast({ title: "Kit not saved", description: errorMessage(err), variant: "destructive" }),
  };
}

function KitLineRow({
  line,
  supply,
  canWrite,
}: {
  line: KitLine;
  supply: SupplyListItem | undefined;
  canWrite: boolean;
}) {
  const name = supply?.name ?? "A supply";
  const unit = supply?.unit ?? "";
  const [quantity, setQuantity] = useState(String(line.quantity));
  const { done, failed } = useKitChange();
  const save = useMutation({
    mutationFn: (value: string) => supplyKitsApi.update(line.id, { quantity: Number(value) }),
    onSuccess: done,
    onError: (err) => {
      setQuantity(String(line.quantity));
      failed(err);
    },
  });
  const remove = useMutation({
    mutationFn: () => supplyKitsApi.remove(line.id),
    onSuccess: done,
    onError: failed,
  });
  const commit = () => {
    if (quantity !== String(line.quantity)) save.mutate(quantity);
  };
  if (!canWrite)
    return (
      <li className="text-sm">
        <span className="font-medium">{line.quantity}</span> {name}
        {unit ? <span className="text-muted-foreground"> ({unit})</span> : null}
      </li>
    );
  return (
    <li className="flex items-center gap-2 text-sm">
      <Input
        aria-label={`How many ${name}`}
        inputMode="numeric"
        className="w-16 shrink-0 text-center"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
      />
      <span className="min-w-0 flex-1 break-words">
        {name}
        {unit ? <span className="text-muted-foreground"> ({unit})</span> : null}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Take ${name} out of the kit`}
        className="text-destructive hover:text-destructive"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

function AddKitLine({ occasion, supplies }: { occasion: KitOccasion; supplies: readonly SupplyListItem[] }) {
  const [supplyId, setSupplyId] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [problem, setProblem] = useState<string>();
  const { done } = useKitChange();
  const selectId = useId();
  const add = useMutation({
    mutationFn: () => supplyKitsApi.create({ occasion, supplyId, quantity: Number(quantity) }),
    onSuccess: async () => {
      setSupplyId("");
      setQuantity("1");
      setProblem(undefined);
      await done();
    },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(quantity);
    if (!supplyId) return setProblem("Choose a supply");
    if (!Number.isInteger(n) || n < 1 || n > MAX_KIT_QUANTITY)
      return setProblem(`How many: a whole number from 1 to ${MAX_KIT_QUANTITY}`);
    add.mutate();
  };
  if (supplies.length === 0)
    return (
      <p className="text-muted-foreground text-xs">Every supply is in this kit, or none is added yet.</p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Supply to add to {KIT_OCCASION_LABELS[occasion].toLowerCase()}
        </label>
        <select
          id={selectId}
          value={supplyId}
          onChange={(event) => setSupplyId(event.target.value)}
          className={selectClass}
        >
          <option value="">Add a supply…</option>
          {supplies.map((supply) => (
            <option key={supply.id} value={supply.id}>
              {supply.name}
            </option>
          ))}
        </select>
        <Input
          aria-label="How many"
          inputMode="numeric"
          className="w-16 shrink-0 text-center"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <Button
          type="submit"
          variant="outline"
          size="icon"
          aria-label="Add to the kit"
          disabled={add.isPending}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-destructive text-xs">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
