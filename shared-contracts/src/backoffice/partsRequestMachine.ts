/** The parts request status machine (spec §2), zod-free: filled in by the parts-request work. */
export {};
