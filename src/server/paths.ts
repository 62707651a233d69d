// Where the project's folders are, from the folder that holds package.json: found from this module
// upward, so the same code finds them run from the sources (src/server) and as the compiled server,
// bundled into dist/server (`npm run build`).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}

/** The folder that holds package.json. */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** The project's own paths: the migrations, the built web client, the demo's pictures, the manifest. */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
