// Deterministic tool-argument payloads: ~2 KB and ~200 KB.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function lineItem(r, i) {
  return {
    sku: `SKU-${(r() * 1e6) | 0}`,
    description: `Item ${i} — ${['blue', 'green', 'red', 'straße', 'café'][i % 5]} widget`,
    quantity: 1 + ((r() * 5) | 0),
    unitAmount: (r() * 100000) | 0,
    currency: 'EUR',
    taxRate: Math.round(r() * 2500) / 100,
    tags: ['gift', 'express', 'fragile'].slice(0, i % 4),
    metadata: { warehouse: `W${i % 7}`, fragile: i % 2 === 0, note: null },
  };
}

export function makePayload(items, seed = 7) {
  const r = rng(seed);
  return {
    orderId: 'ord_8f14e45fceea167a5a36dedd4bea2543',
    customer: { id: 'cus_42', email: 'ada@example.com', name: 'Ada Lovelace', vip: true },
    amount: 125000,
    currency: 'EUR',
    reason: 'Customer reported the parcel arrived damaged; photos attached in ticket #4711.',
    items: Array.from({ length: items }, (_, i) => lineItem(r, i)),
  };
}

export const small = makePayload(9);
export const large = makePayload(980);
export const smallText = JSON.stringify(small);
export const largeText = JSON.stringify(large);
