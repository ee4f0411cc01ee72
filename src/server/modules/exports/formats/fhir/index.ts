export { fhirExport } from "./bundle";
