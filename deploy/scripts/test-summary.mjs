// Prints jest's JSON results as the one closing line CI reads: "N passed, N failed".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let passed = 0;
let failed = 0;
try {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} catch {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
