// Runs the Khronos glTF-Validator on each file named on the command line (.glb, or .gltf with its
// resources beside it) and prints one JSON line per file:
//   {"file":..,"errors":N,"warnings":N,"infos":N,"hints":N,"messages":[{"code","severity","message","pointer"}]}
// Severity: 0 error, 1 warning, 2 info, 3 hint. Exit status 1 when any file has an error.
// Setup: `npm ci` in this folder (CI's .ci/run does it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

let failed = false;
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 1000,
    externalResourceFunction: (uri) =>
      readFile(path.join(path.dirname(file), decodeURIComponent(uri))).then(
        (data) => new Uint8Array(data),
      ),
  });
  const issues = report.issues;
  failed ||= issues.numErrors > 0;
  console.log(
    JSON.stringify({
      file,
      errors: issues.numErrors,
      warnings: issues.numWarnings,
      infos: issues.numInfos,
      hints: issues.numHints,
      messages: issues.messages.map(({ code, severity, message, pointer }) => ({
        code,
        severity,
        message,
        pointer,
      })),
    }),
  );
}
process.exit(failed ? 1 : 0);
