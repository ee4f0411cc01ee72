import type { ModuleDescriptor } from "../../app-context";
import { pnPrescriptionsRecordType } from "./pn-prescriptions.record";
import { pnPrescriptionRoutes } from "./pn-prescriptions.routes";

/** The module of PN prescriptions and their versions. */
export const pnPrescriptionsModule: ModuleDescriptor = {
  name: "pn-prescriptions",
  routes: [pnPrescriptionRoutes],
  recordTypes: [pnPrescriptionsRecordType],
};
