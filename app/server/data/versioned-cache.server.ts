/**
 * Answers worked out from the database, kept while the version they were worked out under holds
 * (docs/decisions/090-access-caches.md). A caller reads the version (`accessVersion()`) just before it asks, and
 * keeps an answer under that version: the version is read before the data, so an answer kept is never older than
 * its key says. Asked under another version, the cache empties first. Least recently kept leave first beyond `limit`.
 */
export class VersionedCache<Value> {
  #version = "";
  readonly #entries = new Map<string, Value>();

  constructor(private readonly limit: number) {}

  get(version: string, key: string): Value | undefined {
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
      return undefined;
    }
    return this.#entries.get(key);
  }

  /** The answer kept for `key`, else `workOut()`'s, kept. */
  getOr(version: string, key: string, workOut: () => Value): Value {
    const kept = this.get(version, key);
    if (kept !== undefined) return kept;
    const value = workOut();
    this.set(version, key, value);
    return value;
  }

  /** Keeps `value` unless the cache moved to another version since `version` was read (the answer may be stale). */
  set(version: string, key: string, value: Value): void {
    if (version !== this.#version) return;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
