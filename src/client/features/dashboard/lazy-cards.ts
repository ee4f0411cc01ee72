/*
 * The dashboard's cards that load beside its first chunk, in one chunk of their own: the line-care
 * card (only a family with a line in place sees it), the tasks card and the offer to install the
 * app. One chunk, not two, keeps the first load within its budget (see docs/ARCHITECTURE.md).
 */
export { InstallBanner } from "./components/install-banner";
export { LineCareCard } from "./line-care/line-care-card";
export { TasksCard } from "./tasks/tasks-card";
