// A Map used as a least-recently-used memory: a Map keeps insertion order, so the most recent
// entry is the last and the oldest the first.

/** Adds `value` under `key` as the most recent entry, dropping the least recently used past `max`. */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
}

/** The value under `key`, built and added on first use (entries that are never dropped: a few fixed shapes). */
export function builtOnce<K, V>(map: Map<K, V>, key: K, build: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = build();
    map.set(key, value);
  }
  return value;
}
