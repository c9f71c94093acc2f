// JSON parsing that keeps 64-bit integers exact where the API has them.
//
// Automation execution ids go above 2^53, where `JSON.parse` silently rounds them (…993 → …992)
// and the details request that follows asks for an execution that does not exist. In the answers
// that carry them (operations.ts marks them `int64`), integers that a double cannot hold are
// therefore kept as their decimal digits (a string); every other number is an ordinary `number`.
// Every other answer has only int32 ids and is read by `JSON.parse` alone: a scan for digit runs
// costs a multiple of the native parse, and a log's answer runs to megabytes.
import * as l10n from '@vscode/l10n';
import { parse as losslessParse } from 'lossless-json';

const INTEGER = /^-?\d+$/;

function parseNumber(text: string): number | string {
  if (INTEGER.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : text;
  }
  return Number(text);
}

// Every integer below 10^15 is exact in a double, so a text without a run of 16 digits cannot
// hold an unsafe one and the (several times faster) built-in parser gives the same answer.
const LONG_DIGITS = /\d{16}/;

/**
 * Parses a JSON text. With `int64` (an answer whose schema has int64 fields), unsafe integers
 * come back as digit strings. Throws `SyntaxError`.
 */
export function parseJson(text: string, int64 = false): unknown {
  return int64 && LONG_DIGITS.test(text) ? losslessParse(text, null, parseNumber) : JSON.parse(text);
}

/** A 64-bit id as exact digits, whatever form it arrived in (number, digit string or bigint). */
export function toInt64(value: unknown): string {
  if (typeof value === 'string' && INTEGER.test(value)) return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  throw new TypeError(l10n.t('Not a 64-bit integer id: {0}', String(value)));
}
