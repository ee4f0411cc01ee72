// Sums the JSON reports that .ci/run's test commands write to test-results/ into one closing line.
import { readdirSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
for (const file of readdirSync("test-results").filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(`test-results/${file}`, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
