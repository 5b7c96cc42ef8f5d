import type { SpawnOptions } from 'node:child_process';

/** Runs a command with inherited output; resolves on exit 0, rejects otherwise. */
export function run(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export const isRoot: boolean;
export function aptInstall(packages: string[]): Promise<void>;
export function ensureDependencies(): Promise<void>;
