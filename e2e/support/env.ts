import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where things are for the end-to-end run; playwright.config.ts and the tests share these. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** The shop's data folder for the run; named by port, so two runs side by side never share one. */
export const dataDir = join(root, 'test-results', `e2e-data-${port}`);
/** The local SMTP server beside the shop drops the emails it receives here. */
export const mailDir = join(root, 'test-results', `e2e-mail-${port}`);
export const smtpPort = port + 25;
export const oidcPort = port + 1;
