/** Keeps the in-memory stores bounded: an attacker cannot grow them without limit. */

/** Evicts the oldest entries of a Map (insertion order) beyond `max`. */
export function trim<K, V>(map: Map<K, V>, max: number) {
  while (map.size > max) map.delete(map.keys().next().value as K);
}
