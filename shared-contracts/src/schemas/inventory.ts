/** Centre inventory request and response schemas (work package 2): filled in by the inventory work. */
export {};
