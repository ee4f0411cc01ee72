/** The oldest Node.js the server runs on (package.json's engines). */
export const MINIMUM_NODE = "22.12.0";

/**
 * Why the server cannot run on Node.js `version`, or null when it can: a clear sentence at
 * start-up instead of a failure deep in a package that needs a newer Node.js.
 */
export function nodeVersionProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [wantMajor, wantMinor] = MINIMUM_NODE.split(".").map(Number) as [number, number];
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return null;
  return `Medical Care Tracker needs Node.js ${MINIMUM_NODE} or newer; this is Node.js ${version.replace(/^v/, "")}. Start it with \`npm start\`, which uses the Node.js 24 that \`npm run setup\` installs with the app, or install Node.js 24.`;
}
