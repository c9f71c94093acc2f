// What a chat tool reads from the model's input, found by letting it read an empty input: the
// fields it asks for, which it insists on, and the values each list-drawn field may take (a kind,
// from the records) — what its schema in package.json must say.
import { InputError, InputReader, type AnyToolSpec } from '../../src/tools/toolSpec';

class RecordingReader extends InputReader {
  readonly fields = new Map<string, boolean>();
  readonly allowed = new Map<string, readonly string[]>();
  protected override present(name: string, required = false): unknown {
    this.fields.set(name, (this.fields.get(name) ?? false) || required);
    return undefined;
  }
  override oneOf<T extends string>(name: string, values: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    this.allowed.set(name, values);
    return super.oneOf(name, values, opts);
  }
  override list<T extends string>(name: string, values: readonly T[]): T[] | undefined {
    this.allowed.set(name, values);
    return super.list(name, values);
  }
}

/** The fields a tool reads (and whether each is required), and the values of those drawn from a list. */
export function fieldsOf(tool: AnyToolSpec): { fields: ReadonlyMap<string, boolean>; allowed: ReadonlyMap<string, readonly string[]> } {
  const reader = new RecordingReader({});
  try {
    tool.read(reader);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
  }
  return { fields: reader.fields, allowed: reader.allowed };
}
