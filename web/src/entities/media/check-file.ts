import type { MediaConfiguration } from '@sync/contract';
import { kindsOf, uploadStrings as t } from './strings';

const HEIC = /\.(heic|heif)$/i;

/**
 * Why a file cannot be uploaded, before sending it (null when it may be). The server decides again
 * from the bytes; this only spares a person a long upload the server would refuse. A file the browser
 * gives no type is let through for the server to judge.
 */
export function refusalOf(file: File, configuration: MediaConfiguration): string | null {
  if (file.type === 'image/heic' || file.type === 'image/heif' || HEIC.test(file.name))
    return t.heic(file.name);
  if (file.type && !configuration.types.includes(file.type))
    return t.wrongType(file.name, kindsOf(configuration.types));
  if (file.size > configuration.maxBytes) return t.tooLarge(file.name, file.size, configuration.maxBytes);
  return null;
}

/** The files that may be uploaded, given how many are attached already, and what was said about the rest. */
export function sortFiles(
  files: readonly File[],
  configuration: MediaConfiguration,
  attached: number,
  max: number,
): { accepted: File[]; refusals: string[] } {
  const accepted: File[] = [];
  const refusals: string[] = [];
  let tooMany = false;
  for (const file of files) {
    const refusal = refusalOf(file, configuration);
    if (refusal) refusals.push(refusal);
    else if (attached + accepted.length >= max) tooMany = true;
    else accepted.push(file);
  }
  if (tooMany) refusals.push(t.tooMany(max));
  return { accepted, refusals };
}
