import type { TaskSourceName } from "../../../../domain/task-kinds";
import { doseSource } from "./doses";
import { familySource } from "./family";
import { feverSource } from "./fever";
import { fluidLimitsSource } from "./fluid-limits";
import { fridgeSource } from "./fridge";
import { labPanelsSource } from "./lab-panels";
import { labsSource } from "./labs";
import { lineCareSource } from "./line-care";
import { pnStartSource } from "./pn-start";
import type { TaskSource } from "./source";
import { supplySource } from "./supplies";
import { weighingSource } from "./weighing";

/** Every source by the name a kind's entry gives (src/domain/task-kinds.ts), in the order they run. */
export const TASK_SOURCES: Record<TaskSourceName, TaskSource> = {
  "line-care": lineCareSource,
  doses: doseSource,
  fridge: fridgeSource,
  "pn-start": pnStartSource,
  fever: feverSource,
  supplies: supplySource,
  labs: labsSource,
  "lab-panels": labPanelsSource,
  weighing: weighingSource,
  "fluid-limits": fluidLimitsSource,
  family: familySource,
};
