import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { TrendCard } from "@/client/components/charts/trend";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useChildFilter } from "@/client/lib/child-filter";
import { leadingNumber, normalRangeBounds } from "@/domain/trends";
import { type LabTest, labTestsApi } from "../api";

const key = (name: string) => name.trim().toLowerCase();

/** The tests with at least one result that starts with a number, by name, as first written. */
export function chartableTests(tests: readonly LabTest[]): string[] {
  const names = new Map<string, string>();
  for (const test of tests) {
    if (leadingNumber(test.results) !== null && !names.has(key(test.testName)))
      names.set(key(test.testName), test.testName.trim());
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

/** One test's numeric results over time, with its normal range as a band when it reads 'a-b'. */
export function LabTrends() {
  const { childId } = useChildFilter();
  // The list the screen shows (the same query).
  const tests = useQuery(labTestsApi.listOptions(childId ? { childId } : undefined)).data ?? [];
  const names = chartableTests(tests);
  const [chosen, setChosen] = useState<string | null>(null);
  const name = chosen && names.includes(chosen) ? chosen : (names[0] ?? null);
  if (!name) return null;
  const ofTest = tests
    .filter((t) => key(t.testName) === key(name))
    .sort((a, b) => a.date.localeCompare(b.date));
  const points = ofTest.flatMap((t) => {
    const value = leadingNumber(t.results);
    return value === null ? [] : [{ date: t.date, value }];
  });
  const band = ofTest.map((t) => normalRangeBounds(t.normalRange)).findLast(Boolean) ?? null;
  return (
    <TrendCard
      title="Results Over Time"
      icon={FlaskConical}
      label={name}
      points={points}
      band={band}
      // A result's changes matter more than its size (sodium 136 to 141): from under the lowest, with a break.
      axisFrom="data"
      empty="No numeric results for this test yet."
      controls={
        <Select value={name} onValueChange={setChosen}>
          <SelectTrigger aria-label="Test" className="h-9 w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {names.map((n) => (
              <SelectItem key={n} value={n}>
                {n}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      }
    />
  );
}
