#!/usr/bin/env node
/**
 * Lints the Dockerfile with dockerfile-utils (the linter of the Docker language server, decision
 * 0036): unknown instructions, bad flags and durations, a second CMD in a stage… Warnings fail too,
 * as in `eslint --max-warnings 0`. Base images cannot be pulled here, so CI never builds the image.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';

const file = path.resolve(import.meta.dirname, '../Dockerfile');
const diagnostics = validate(readFileSync(file, 'utf8'));
for (const d of diagnostics) {
  const level = d.severity === 1 /* DiagnosticSeverity.Error */ ? 'error' : 'warning';
  console.error(`Dockerfile:${d.range.start.line + 1}:${d.range.start.character + 1} ${level}: ${d.message}`);
}
if (diagnostics.length) process.exit(1);
console.info('Dockerfile: no problems');
