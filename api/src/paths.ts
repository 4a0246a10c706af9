import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package's folder. This file sits directly in `src/`, and the compiled bundle that
 * contains it directly in `dist/`, so one level up is the package in both (decision 021).
 */
export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.dirname(API_DIR);
