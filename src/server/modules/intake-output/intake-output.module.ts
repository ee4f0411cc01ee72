import type { ModuleDescriptor } from "../../app-context";
import { fluidIntakeRecordType, fluidLimitsRecordType, fluidOutputRecordType } from "./intake-output.record";
import { intakeOutputRoutes } from "./intake-output.routes";

/** The module of what goes into a child besides the PN bag and what comes out, with a day's balance. */
export const intakeOutputModule: ModuleDescriptor = {
  name: "intake-output",
  routes: [intakeOutputRoutes],
  recordTypes: [fluidIntakeRecordType, fluidOutputRecordType, fluidLimitsRecordType],
};
