import { saveBlob } from "@/client/lib/download";
import { toDateOnly } from "@/client/lib/format";
import type { Supply } from "@/client/lib/supplies-api";
import { toCsv } from "@/domain/csv";
import { SUPPLY_CSV_COLUMNS } from "@/domain/supplies";

/** The supplies as the spec's CSV: ten columns in order, quoted, safe from formula injection. */
export function suppliesCsv(supplies: readonly Supply[]): string {
  return toCsv(
    SUPPLY_CSV_COLUMNS.map(([header]) => header),
    supplies.map((supply) => SUPPLY_CSV_COLUMNS.map(([, key]) => supply[key])),
  );
}

/** Builds the CSV in the browser (no call) and saves it as 'tpn-supplies-{yyyy-MM-dd}.csv'. */
export function downloadSuppliesCsv(supplies: readonly Supply[], today: Date = new Date()): void {
  saveBlob(
    new Blob([suppliesCsv(supplies)], { type: "text/csv;charset=utf-8" }),
    `tpn-supplies-${toDateOnly(today)}.csv`,
  );
}
