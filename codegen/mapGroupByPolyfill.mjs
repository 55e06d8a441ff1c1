// Preloaded (NODE_OPTIONS=--import) into the orval child process: orval 8 calls Map.groupBy,
// which Node 20 lacks. Plain .mjs so Node loads it without tsx.
if (typeof Map.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const groups = new Map();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}
