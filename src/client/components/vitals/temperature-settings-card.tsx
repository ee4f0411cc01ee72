import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save, Thermometer } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage } from "@/client/lib/api";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";
import { useCan } from "@/client/lib/permissions";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { thresholdFromInput, thresholdInputValue } from "@/client/lib/vital-values";
import { updateTemperatureSettings, vitalsApi } from "@/client/lib/vitals-api";
import { feverThresholdText } from "@/domain/fever-plan";
import { DEFAULT_FEVER_THRESHOLD_C, type TemperatureUnit } from "@/domain/vitals";

const UNIT_CHOICES = [
  { value: "C", label: "°C (Celsius)" },
  { value: "F", label: "°F (Fahrenheit)" },
];

/**
 * How the family reads temperatures and at what temperature a child with a central line has a
 * fever (the fever card opens from it). The family's owner sets both; other members see them.
 */
export function TemperatureSettingsCard({ user, className }: { user: AuthUser; className?: string }) {
  const isOwner = useCan("manage");
  return (
    <Card className={className}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Thermometer aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Temperature and fever</CardTitle>
        </div>
        <CardDescription>
          A temperature at or above the fever threshold, for a child with a central line, opens the fever
          card: what to do now and whom to call.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isOwner ? (
          <TemperatureSettingsForm user={user} />
        ) : (
          <div className="flex flex-col gap-2 text-sm">
            <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Temperatures shown in</dt>
              <dd className="font-medium">°{user.temperatureUnit}</dd>
              <dt className="text-muted-foreground">Fever threshold</dt>
              <dd className="font-medium">
                {feverThresholdText(user.feverThresholdC, user.temperatureUnit)}
              </dd>
            </dl>
            <p className="text-muted-foreground">Only the family's owner changes these.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TemperatureSettingsForm({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const [unit, setUnit] = useState<TemperatureUnit>(user.temperatureUnit);
  const [threshold, setThreshold] = useState(() => thresholdInputValue(user.feverThresholdC, unit));
  const [error, setError] = useState<string | undefined>();
  const parsed = thresholdFromInput(threshold, unit);
  const changed = unit !== user.temperatureUnit || parsed.value !== user.feverThresholdC;

  const save = useMutation({
    mutationFn: updateTemperatureSettings,
    onSuccess: async (updated) => {
      queryClient.setQueryData(authQueryKey, updated);
      setThreshold(thresholdInputValue(updated.feverThresholdC, updated.temperatureUnit));
      toast({
        title: "Temperature settings saved",
        description: `Temperatures in °${updated.temperatureUnit}; fever from ${feverThresholdText(updated.feverThresholdC, updated.temperatureUnit)}.`,
      });
      // Which temperatures are a fever follows the threshold.
      await queryClient.invalidateQueries({ queryKey: vitalsApi.key });
    },
    onError: (err) => {
      if (isSessionEndedError(err)) return;
      const issue = errorIssues(err).find((i) => i.path === "feverThresholdC");
      setError(issue?.message ?? errorMessage(err, "The settings were not saved. Please try again."));
    },
  });

  const changeUnit = (next: TemperatureUnit) => {
    // The threshold typed so far, shown in the new unit.
    const current = thresholdFromInput(threshold, unit);
    setUnit(next);
    if (current.value !== undefined) setThreshold(thresholdInputValue(current.value, next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.error !== undefined) return setError(parsed.error);
    setError(undefined);
    save.mutate({ temperatureUnit: unit, feverThresholdC: parsed.value });
  };
  const typedOtherUnit = unit === "F" && parsed.value !== undefined;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ChoiceChips
        label="Show temperatures in"
        value={unit}
        onChange={(next) => changeUnit(next as TemperatureUnit)}
        choices={UNIT_CHOICES}
      />
      <FormField
        label={`Fever threshold (°${unit})`}
        hint={
          typedOtherUnit
            ? `That is ${parsed.value.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 2 })} °C. ${defaultHint(unit)}`
            : defaultHint(unit)
        }
        error={error}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            value={threshold}
            onChange={(event) => {
              setThreshold(event.target.value);
              setError(undefined);
            }}
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending || !changed}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save temperature settings"}
        </Button>
      </div>
    </form>
  );
}

const defaultHint = (unit: TemperatureUnit) =>
  `Usually ${feverThresholdText(DEFAULT_FEVER_THRESHOLD_C, unit)}, unless your care team gave you another number.`;
