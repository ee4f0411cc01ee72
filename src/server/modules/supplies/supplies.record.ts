import { supplyKitLinesType } from "../../../domain/record-types/supply-kit-lines";
import { supplyStockEventsType } from "../../../domain/record-types/supply-stock-events";
import { supplyUsageType } from "../../../domain/record-types/supply-usage";
import { tpnSuppliesType } from "../../../domain/record-types/tpn-supplies";
import {
  STOCK_EVENT_KIND_LABELS,
  SUPPLY_CATEGORY_LABELS,
  supplyInput,
  supplyRecord,
  supplyStockEventInput,
  supplyStockEventRecord,
  supplyUsageInput,
  supplyUsageRecord,
  supplyUsageRestoreInput,
} from "../../../domain/supplies";
import { KIT_OCCASION_LABELS, kitLineInput, kitLineRecord } from "../../../domain/supply-kits";
import { supplyKitLines, supplyStockEvents, supplyUsage, tpnSupplies } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/tpn-supplies.ts). */
export const tpnSuppliesRecordType = declareRecordType(tpnSuppliesType, {
  table: tpnSupplies,
  title: "TPN Supplies",
  input: supplyInput,
  record: supplyRecord,
  api: {
    collection: "/api/tpn-supplies",
    update: ["PATCH"],
    example: () => ({ name: "Filters", category: "filters", unit: "each", currentStock: 500 }),
  },
  fhir: { none: "Supplies are the household's stock, not a clinical record of the child." },
  readable: {
    codes: { category: SUPPLY_CATEGORY_LABELS },
  },
});

/** The server's part of this record type (its shared part: src/domain/record-types/supply-usage.ts). */
export const supplyUsageRecordType = declareRecordType(supplyUsageType, {
  table: supplyUsage,
  title: "Supply Usage",
  dateKey: "usageDate",
  input: supplyUsageInput,
  // A kit's draw keeps what drew it and what the stock did not hold.
  restoreInput: supplyUsageRestoreInput,
  record: supplyUsageRecord,
  api: {
    collection: "/api/supply-usage",
    update: ["PATCH"],
    example: (f) => ({ supplyId: f.id("tpnSupplies"), quantityUsed: 1, usageDate: f.today }),
  },
  fhir: { none: "Supplies used are the household's stock, not a clinical record of the child." },
  readable: {
    // Only a kit's draw the stock could not fill has a shortfall: the others leave it blank, not "0"
    // on every line.
    texts: { quantityShort: (row) => (Number(row.quantityShort) > 0 ? String(row.quantityShort) : null) },
  },
});

/** The server's part of this record type (its shared part: src/domain/record-types/supply-stock-events.ts). */
export const supplyStockEventsRecordType = declareRecordType(supplyStockEventsType, {
  table: supplyStockEvents,
  title: "Supply Deliveries and Counts",
  dateKey: "eventDate",
  input: supplyStockEventInput,
  record: supplyStockEventRecord,
  api: {
    none: "Written only by a delivery or a count of supplies (POST /api/tpn-supplies/receipts, /counts) and listed at GET /api/supply-stock-events.",
  },
  fhir: { none: "Deliveries and counts are the household's stock, not a clinical record of the child." },
  readable: {
    codes: { kind: STOCK_EVENT_KIND_LABELS },
  },
});

/** The server's part of this record type (its shared part: src/domain/record-types/supply-kit-lines.ts). */
export const supplyKitLinesRecordType = declareRecordType(supplyKitLinesType, {
  table: supplyKitLines,
  title: "Supply Kits",
  input: kitLineInput,
  record: kitLineRecord,
  api: {
    collection: "/api/supply-kits",
    update: ["PATCH"],
    example: (f) => ({ occasion: "dressing", supplyId: f.id("tpnSupplies"), quantity: 1 + f.serial }),
  },
  fhir: { none: "A kit is the household's list of supplies an occasion uses, not a clinical record." },
  readable: {
    codes: { occasion: KIT_OCCASION_LABELS },
  },
});
