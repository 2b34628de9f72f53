// `npm run docs:generate`: writes the generated reference pages (see reference-docs.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REFERENCE_DOCS } from './reference-docs';

for (const [path, render] of Object.entries(REFERENCE_DOCS)) {
  writeFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), await render());
  process.stdout.write(`wrote ${path}\n`);
}
