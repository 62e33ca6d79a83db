// The few Node APIs the browser tests use, declared here because the web app
// does not depend on @types/node. Type-check the tests with
//   npx tsc -p e2e/tsconfig.json
// and add a declaration here when a test needs another Node API.
declare const process: { env: Record<string, string | undefined>; cwd(): string };
// Bytes for file uploads (setInputFiles).
interface Buffer extends Uint8Array {}
declare const Buffer: { from(data: string, encoding: 'base64'): Buffer };

declare module 'node:child_process' {
  export function execFileSync(
    file: string,
    args?: readonly string[],
    options?: {
      env?: Record<string, string | undefined>;
      encoding: 'utf8';
      stdio?: unknown;
      timeout?: number;
      cwd?: string;
      input?: string;
    },
  ): string;
}

declare module 'node:fs' {
  export function mkdirSync(path: string, options?: { recursive?: boolean }): string | undefined;
  export function readFileSync(path: string, encoding: 'utf8'): string;
  export function existsSync(path: string): boolean;
}

declare module 'node:path' {
  export function join(...parts: string[]): string;
  export function dirname(path: string): string;
  export function resolve(...parts: string[]): string;
}

declare module 'node:url' {
  export function fileURLToPath(url: string | URL): string;
}

declare module 'node:crypto' {
  export function createHmac(algorithm: string, key: Uint8Array): { update(data: Uint8Array): { digest(): Uint8Array } };
}
