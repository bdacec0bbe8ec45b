import { hash, verify } from '@node-rs/argon2';
import os from 'node:os';
import { takingTurns } from './turns.js';

/**
 * Each argon2id hash holds 19 MiB while it runs, on one of libuv's 4 threads. Hashes are all CPU, so
 * more at once than there are cores only adds memory (50 connections logging in on 2 cores peaked 34–40 MB
 * higher): the rest wait here for a turn.
 */
const inTurn = takingTurns(Math.max(1, Math.min(4, os.availableParallelism())));

/** Argon2id with the library's defaults (its default algorithm; a test checks the `$argon2id$` prefix). */
export const hashPassword = (password: string) => inTurn(() => hash(password));

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
